import { selectLiveStatus, useAppSelector, type LiveStatus } from '@outpost/api-client';

const LABELS: Record<Exclude<LiveStatus, 'off'>, string> = {
  connecting: 'Connecting…',
  connected: 'Live',
  reconnecting: 'Reconnecting…',
};

/** The live stream's state in the header: a dot and a word, announced politely when it changes. */
export const LiveIndicator = () => {
  const status = useAppSelector(selectLiveStatus);
  if (status === 'off') return null;
  return (
    <span
      className={`op-live op-live--${status}`}
      role="status"
      aria-live="polite"
      title={
        status === 'connected'
          ? 'Updates arrive as they happen'
          : 'Updates are paused until the panel is reached again'
      }
    >
      <span className="op-live__dot" aria-hidden="true" />
      <span className="op-live__label">{LABELS[status]}</span>
    </span>
  );
};
