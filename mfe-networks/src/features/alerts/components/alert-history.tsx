import { ALERT_STATES, type Alert, type AlertState, type Server } from '@outpost/contracts';
import { itemsOfPages, useOlderPages } from '@outpost/api-cache';
import { formatLastSeen, formatTimestamp } from '@outpost/format';
import { Badge, EmptyState, ErrorState, LoadOlder, NoMatches, SelectField, Spinner } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { useGetNetworkAlertsInfiniteQuery, type NetworkAlertsArgs } from '../api/alerts.api';
import { DELIVERY_EVENT_LABELS, DELIVERY_STATUS_LABELS, deliveryOutcome } from '../utils/delivery-outcome';
import { CHANNEL_TYPE_LABELS } from '../utils/rule-labels';

const alertsOf = itemsOfPages('alerts');

const STATE_LABELS: Record<AlertState, string> = { firing: 'Firing', resolved: 'Resolved' };
const STATE_OPTIONS = [
  { value: '' as const, label: 'All states' },
  ...ALERT_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] })),
];
const DELIVERY_TONES = {
  pending: 'neutral',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'danger',
} as const;

/** One fired alert: what, where, when, and each delivery's outcome. */
const AlertItem = ({ alert }: { alert: Alert }) => (
  <li className="al-item al-item--alert" aria-label={alert.title}>
    <div className="al-item__text">
      <p className="al-item__title">
        {alert.title}
        <Badge tone={alert.state === 'firing' ? 'danger' : 'success'}>{STATE_LABELS[alert.state]}</Badge>
        {alert.flaps > 0 && (
          <Badge tone="warning" title="Came back within the hold-down time: no new message was sent">
            Flapped {alert.flaps}×
          </Badge>
        )}
      </p>
      <p className="net-muted">
        {alert.serverName ?? alert.networkName} · fired{' '}
        <time dateTime={alert.firedAt} title={formatTimestamp(alert.firedAt)}>
          {formatLastSeen(alert.firedAt).toLowerCase()}
        </time>
        {alert.resolvedAt && (
          <>
            {' '}
            · resolved{' '}
            <time dateTime={alert.resolvedAt} title={formatTimestamp(alert.resolvedAt)}>
              {formatLastSeen(alert.resolvedAt).toLowerCase()}
            </time>
          </>
        )}
      </p>
      {alert.deliveries.length === 0 ? (
        <p className="net-muted">No channel was enabled: nobody was told.</p>
      ) : (
        <ul className="al-deliveries" aria-label={`Deliveries of ${alert.title}`}>
          {alert.deliveries.map((delivery) => (
            <li key={delivery.id} className="al-delivery">
              <Badge tone={DELIVERY_TONES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>{' '}
              <span>
                {DELIVERY_EVENT_LABELS[delivery.event]} → {delivery.channelName} (
                {CHANNEL_TYPE_LABELS[delivery.channelType]}): {deliveryOutcome(delivery)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  </li>
);

export type AlertHistoryProps = {
  networkId: string;
  /** This server's alerts only (its Alerts area); the whole network with a server filter without it. */
  serverId?: string;
  servers: readonly Server[];
};

/** The fired alerts, newest first, with their deliveries; filter by state (and server on the network's tab). */
export const AlertHistory = ({ networkId, serverId, servers }: AlertHistoryProps) => {
  const [state, setState] = useState<AlertState | ''>('');
  const [serverFilter, setServerFilter] = useState('');
  const args = useMemo<NetworkAlertsArgs>(
    () => ({
      networkId,
      ...((serverId ?? serverFilter) ? { serverId: serverId ?? serverFilter } : {}),
      ...(state ? { state } : {}),
    }),
    [networkId, serverId, serverFilter, state],
  );
  const query = useGetNetworkAlertsInfiniteQuery(args);
  const { items: alerts, older } = useOlderPages(query, alertsOf);
  const filtered = state !== '' || (serverId === undefined && serverFilter !== '');

  let results;
  if (!query.currentData && (query.isLoading || query.isFetching))
    results = <Spinner label="Loading alerts…" showLabel />;
  else if (!query.currentData)
    results = (
      <ErrorState
        title="Failed to load the alerts"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (alerts.length === 0)
    results = filtered ? (
      <NoMatches
        title="No alerts match these filters"
        message="Try another state or server."
        onClear={() => {
          setState('');
          setServerFilter('');
        }}
      />
    ) : (
      <EmptyState
        title="No alerts yet"
        message="When a rule fires (a server goes offline, a watched player joins…), the alert and where it was sent show here."
      />
    );
  else
    results = (
      <>
        <ul className="al-list" aria-label="Alert history">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
        <LoadOlder {...older} noun="alerts" errorText={listErrorMessage} />
      </>
    );

  return (
    <section className="al-section" aria-labelledby="alert-history-title">
      <div className="net-tab__header">
        <h3 id="alert-history-title">History</h3>
        <div className="al-filters">
          {serverId === undefined && (
            <SelectField
              label="Server"
              value={serverFilter}
              options={[
                { value: '', label: 'All servers' },
                ...servers.map((server) => ({ value: server.id, label: server.name })),
              ]}
              onChange={setServerFilter}
            />
          )}
          <SelectField label="State" value={state} options={STATE_OPTIONS} onChange={setState} />
        </div>
      </div>
      {results}
    </section>
  );
};
