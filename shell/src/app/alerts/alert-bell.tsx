import { selectAuthStatus, useAppSelector, usePollingUnlessLive } from '@outpost/api-client';
import { DEMO_READ_ONLY_MESSAGE, paths, type Alert } from '@outpost/contracts';
import { formatLastSeen, formatTimestamp } from '@outpost/format';
import { Link } from '@outpost/router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useGetAlertInboxQuery, useMarkAlertsReadMutation } from './alert-inbox.api';

/** While the live stream is down the bell asks now and then; live, `alert.changed` keeps it current. */
export const INBOX_POLL_MS = 60_000;

/** The bell's name for a screen reader: how many alerts are unread. */
export const bellLabel = (unread: number): string => `Alerts, ${unread} unread`;

/** Where an alert is looked into: its server's Alerts area, or the network's Alerts tab. */
export const alertLink = (alert: Pick<Alert, 'networkId' | 'serverId'>): string =>
  alert.serverId
    ? paths.serverArea(alert.networkId, alert.serverId, 'alerts')
    : `${paths.network(alert.networkId)}?tab=alerts`;

const BellIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

/** The header's bell: the unread count, and a popover with the latest alerts and Mark all read. */
export const AlertBell = () => {
  const {
    data: inbox,
    isError,
    refetch,
  } = useGetAlertInboxQuery(undefined, {
    pollingInterval: usePollingUnlessLive(INBOX_POLL_MS),
    skipPollingIfUnfocused: true,
  });
  const [markRead, marking] = useMarkAlertsReadMutation();
  // The demo reads its bell but keeps it as it is: the API refuses the demo's writes.
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const unread = inbox?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    popoverRef.current?.querySelector<HTMLElement>('a, button:not([disabled])')?.focus();
    const close = (event: MouseEvent) => {
      if (
        !popoverRef.current?.contains(event.target as Node) &&
        !buttonRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    closeToButton();
  };

  let content;
  if (!inbox && isError)
    content = (
      <p role="alert" className="op-bell__note">
        Failed to load alerts.{' '}
        <button type="button" className="op-btn op-btn--ghost op-btn--sm" onClick={() => void refetch()}>
          Retry
        </button>
      </p>
    );
  else if (!inbox) content = <p className="op-bell__note">Loading alerts…</p>;
  else if (inbox.alerts.length === 0)
    content = <p className="op-bell__note">No alerts yet. When a rule fires, it shows here.</p>;
  else
    content = (
      <ul className="op-bell__list" aria-label="Latest alerts">
        {inbox.alerts.map((alert) => (
          <li key={alert.id}>
            <Link className="op-bell__item" to={alertLink(alert)} onClick={() => setOpen(false)}>
              <span className="op-bell__title">{alert.title}</span>
              <span className="op-bell__meta">
                <span className={`op-bell__state op-bell__state--${alert.state}`}>
                  {alert.state === 'firing' ? 'Firing' : 'Resolved'}
                </span>
                {' · '}
                {alert.serverName ?? alert.networkName}
                {' · '}
                <time dateTime={alert.firedAt} title={formatTimestamp(alert.firedAt)}>
                  {formatLastSeen(alert.firedAt)}
                </time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="op-bell" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="op-bell__button"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="op-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={popoverRef}
          id={popoverId}
          role="dialog"
          aria-labelledby={titleId}
          className="op-bell__popover"
        >
          <div className="op-bell__header">
            <h2 id={titleId} className="op-bell__heading">
              Alerts
            </h2>
            <button
              type="button"
              className="op-btn op-btn--ghost op-btn--sm"
              disabled={unread === 0 || marking.isLoading || demo}
              title={demo ? DEMO_READ_ONLY_MESSAGE : undefined}
              onClick={() => void markRead()}
            >
              Mark all read
            </button>
          </div>
          {marking.isError && (
            <p role="alert" className="op-bell__note">
              Failed to mark the alerts read. Try again.
            </p>
          )}
          {content}
        </div>
      )}
    </div>
  );
};
