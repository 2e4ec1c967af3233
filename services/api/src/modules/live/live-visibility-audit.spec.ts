import type { AuditEntry, LiveEvent } from '@outpost/contracts';
import { viewOf } from './live-visibility';

const entry = (action: AuditEntry['action'], details: Record<string, unknown>): LiveEvent => ({
  type: 'audit.entry',
  networkId: 'n1',
  entry: {
    id: 'e1',
    action,
    networkId: 'n1',
    networkName: 'Rust Legends',
    actorId: 'u1',
    actorName: 'Ada',
    targetType: action.startsWith('player.') ? 'player' : 'server',
    targetId: 't1',
    targetName: 'Bob',
    details,
    createdAt: '2026-11-25T10:00:00.000Z',
  },
});

describe('audit entries on the live stream', () => {
  it('go whole to owners, admins and moderators', () => {
    const event = entry('server.consoleCommandRun', { command: 'say hi', commandId: 'c1' });
    for (const role of ['owner', 'admin', 'moderator'] as const) expect(viewOf(event, role)).toBe(event);
  });

  it('reach members only as Recent Activity shows them: moderation outcomes, cut details', () => {
    expect(viewOf(entry('server.consoleCommandRun', { command: 'say hi' }), 'member')).toBeNull();
    expect(viewOf(entry('server.rconSet', {}), 'member')).toBeNull();
    const banned = viewOf(
      entry('player.banned', {
        steamId: 's1',
        serverId: 'srv',
        reason: 'Cheating',
        duration: '7d',
        ip: '203.0.113.9',
      }),
      'member',
    );
    expect(banned).toMatchObject({
      type: 'audit.entry',
      entry: {
        action: 'player.banned',
        details: { steamId: 's1', serverId: 'srv', reason: 'Cheating', duration: '7d' },
      },
    });
    expect(JSON.stringify(banned)).not.toContain('203.0.113.9');
  });
});
