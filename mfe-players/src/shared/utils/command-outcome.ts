import type { CommandItem, CommandStatus, ServerStatus } from '@outpost/contracts';
import type { BadgeTone } from '@outpost/ui';

type Sent = Pick<CommandItem, 'type' | 'status' | 'output' | 'expiresAt'>;

const DONE: Record<CommandItem['type'], string> = {
  kick: 'Kicked',
  warn: 'Warned',
  ban: 'Banned',
  unban: 'Unbanned',
  console: 'Done',
};

/** Whole minutes until `expiresAt`, at least 1 while it has not passed. */
export const minutesLeft = (expiresAt: string, now = Date.now()): number =>
  Math.max(1, Math.ceil((Date.parse(expiresAt) - now) / 60_000));

/** Whether an open command is past its time (the server will not get it any more). */
const lapsed = ({ status, expiresAt }: Sent, now: number): boolean =>
  (status === 'pending' || status === 'delivered') && expiresAt !== null && Date.parse(expiresAt) <= now;

/**
 * What the person who gave a command is told of it: confirmed, failed with the game's answer,
 * queued while its server is offline (with the time a kick or warn has left), or expired.
 */
export const commandOutcomeText = (
  command: Sent,
  serverStatus: ServerStatus | undefined,
  now = Date.now(),
): string => {
  const status = lapsed(command, now) ? 'expired' : command.status;
  switch (status) {
    case 'succeeded':
      return `${DONE[command.type]} — confirmed by the server`;
    case 'failed':
      return `Failed: ${command.output?.trim() || 'the server gave no reason'}`;
    case 'expired':
      return 'Expired: the server did not carry it out in time';
    case 'delivered':
      return 'Delivered — waiting for the server to confirm';
    case 'pending':
      if (serverStatus !== 'offline') return 'Sent — waiting for the server';
      return command.expiresAt
        ? `Queued: the server is offline — expires in ${minutesLeft(command.expiresAt, now)} min`
        : 'Queued: the server is offline';
  }
};

/** The delivery state of a kick or warn, as the Punishments lists show it. */
export const DELIVERY_LABELS: Readonly<Record<CommandStatus, { label: string; tone: BadgeTone }>> = {
  pending: { label: 'Queued', tone: 'neutral' },
  delivered: { label: 'Delivered', tone: 'info' },
  succeeded: { label: 'Confirmed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/**
 * Where a command the panel just queued stands, for its toast: "sent to EU Main", or "queued for
 * EU Main, which is offline" (it waits there until the server reports again).
 */
export const sentToText = (serverName: string, serverStatus: ServerStatus | undefined): string =>
  serverStatus === 'offline' ? `queued for ${serverName}, which is offline` : `sent to ${serverName}`;
