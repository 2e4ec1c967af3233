import type { Server } from '@outpost/contracts';
import { useEffect, useState } from 'react';
import { useGetCommandQuery } from '../api/moderation.api';
import { apiErrorText } from '../utils/api-error';
import { commandOutcomeText } from '../utils/command-outcome';

/** A command that was sent and is followed until its outcome. */
export type SentCommand = { serverId: string; commandId: string };

/**
 * Read again this often while the command is open: its outcome arrives live, this only covers an
 * outcome that came before the first read answered (or a stream that is reconnecting).
 */
const OPEN_POLL_MS = 5_000;

export type CommandOutcomeProps = {
  sent: SentCommand;
  /** The network's servers (their status is kept live): a queued command's server may be offline. */
  servers: readonly Server[];
  /** A line in a table's cell rather than a panel. */
  compact?: boolean;
};

/** What became of a command, followed live: "Kicked — confirmed by the server", "Failed: ...", ... */
export const CommandOutcome = ({ sent, servers, compact = false }: CommandOutcomeProps) => {
  const [now, setNow] = useState(() => Date.now());
  const [polling, setPolling] = useState(true);
  const { data, error, isLoading } = useGetCommandQuery(sent, {
    pollingInterval: polling ? OPEN_POLL_MS : 0,
  });
  const open = !data || data.status === 'pending' || data.status === 'delivered';
  // Polling stops with the outcome; while open, the clock ticks for "expires in N min".
  useEffect(() => setPolling(open), [open]);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [open]);

  const server = servers.find((item) => item.id === sent.serverId);
  const text = data
    ? commandOutcomeText(data, server?.status, now)
    : isLoading
      ? 'Sent — waiting for the server'
      : apiErrorText(error, 'The outcome could not be read');
  return (
    <p
      className={compact ? 'pl-outcome pl-outcome--compact' : 'pl-outcome'}
      role="status"
      aria-live="polite"
      data-status={data?.status}
    >
      {text}
    </p>
  );
};
