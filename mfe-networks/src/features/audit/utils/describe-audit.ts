import type { AuditEntry } from '@outpost/contracts';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** A ban's duration as the API keeps it ('7d', null for permanent). */
const duration = (value: unknown): string => (text(value) ? `for ${text(value)}` : 'permanently');

/**
 * The details column: what changed, in words, for the actions whose details say something; the
 * JSON otherwise (a module's new action still shows what it recorded).
 */
export const describeAuditDetails = (
  entry: AuditEntry,
  serverName?: (id: string) => string | undefined,
): string => {
  const d = entry.details;
  const on = text(d.serverId) ? ` on ${serverName?.(String(d.serverId)) ?? 'a server'}` : '';
  switch (entry.action) {
    case 'member.roleChanged':
      return `${text(d.from) ?? '?'} → ${text(d.to) ?? '?'}`;
    case 'member.removed':
      return d.left === true ? 'Left the network' : `Was ${text(d.role) ?? 'a member'}`;
    case 'network.updated':
    case 'server.updated':
      return Array.isArray(d.fields) ? `Changed ${d.fields.join(', ')}` : '';
    case 'server.consoleCommandRun':
      return text(d.command) ? `> ${text(d.command)}` : '';
    case 'invite.created':
      return text(d.maxUses) ? `Up to ${text(d.maxUses)} uses` : '';
    case 'player.kicked':
    case 'player.warned':
    case 'player.unbanned':
      return `${text(d.reason) ?? 'No reason'}${on}`;
    case 'player.banned':
      return `${text(d.reason) ?? 'No reason'}, ${duration(d.duration)}${on}`;
    default: {
      const keys = Object.keys(d);
      return keys.length ? JSON.stringify(d) : '';
    }
  }
};
