import { can, memberViewOfAudit, type LiveEvent, type Role } from '@outpost/contracts';

/**
 * What a member of `role` sees of an event of their network: the event, a redacted copy, or
 * nothing. The one place the live stream applies the role matrix (libs/contracts).
 */
export const viewOf = (event: LiveEvent, role: Role): LiveEvent | null => {
  switch (event.type) {
    case 'console.entry':
    case 'command.completed':
      return can(role, 'console.read') ? event : null;
    case 'report.changed':
      return can(role, 'reports.work') ? event : null;
    case 'automation.run':
      return can(role, 'automation.view') ? event : null;
    case 'server.rcon':
      return can(role, 'servers.manage') ? event : null;
    case 'audit.entry': {
      // Others see what Recent Activity shows them: moderation outcomes, staff-only details cut.
      if (can(role, 'audit.view')) return event;
      const entry = memberViewOfAudit(event.entry);
      return entry && can(role, 'network.view') ? { ...event, entry } : null;
    }
    case 'log.entry': {
      if (event.entry.type === 'console') return can(role, 'console.read') ? event : null;
      if (event.entry.type !== 'connect' || event.entry.ip === undefined || can(role, 'players.viewIp'))
        return event;
      const { ip: _ip, ...entry } = event.entry;
      return { ...event, entry };
    }
    default:
      return can(role, 'network.view') ? event : null;
  }
};

/** One SSE frame: the event's name is its type; `id` only for events that can be resumed from. */
export const frameOf = (event: { type: string }, id?: string): string =>
  `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
