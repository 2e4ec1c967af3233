import type { CommandItem } from '@outpost/contracts';
import { commandOutcomeText } from './command-outcome';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const kick = (extra: Partial<CommandItem> = {}): CommandItem => ({
  id: 'c1',
  serverId: 's1',
  type: 'kick',
  status: 'pending',
  output: null,
  createdAt: new Date(NOW - 60_000).toISOString(),
  deliveredAt: null,
  completedAt: null,
  expiresAt: new Date(NOW + 4 * 60_000).toISOString(),
  ...extra,
});

describe('commandOutcomeText', () => {
  it('says the outcome in the words of issue 25', () => {
    expect(commandOutcomeText(kick({ status: 'succeeded' }), 'online', NOW)).toBe(
      'Kicked — confirmed by the server',
    );
    expect(commandOutcomeText(kick({ type: 'warn', status: 'succeeded' }), 'online', NOW)).toBe(
      'Warned — confirmed by the server',
    );
    expect(commandOutcomeText(kick({ status: 'failed', output: 'Player not found' }), 'online', NOW)).toBe(
      'Failed: Player not found',
    );
    expect(commandOutcomeText(kick({ status: 'failed' }), 'online', NOW)).toBe(
      'Failed: the server gave no reason',
    );
  });

  it('says a command waits while its server is offline, with the minutes a kick has left', () => {
    expect(commandOutcomeText(kick(), 'offline', NOW)).toBe(
      'Queued: the server is offline — expires in 4 min',
    );
    expect(commandOutcomeText(kick({ expiresAt: new Date(NOW + 5_000).toISOString() }), 'offline', NOW)).toBe(
      'Queued: the server is offline — expires in 1 min',
    );
    expect(commandOutcomeText(kick({ type: 'ban', expiresAt: null }), 'offline', NOW)).toBe(
      'Queued: the server is offline',
    );
    expect(commandOutcomeText(kick(), 'online', NOW)).toBe('Sent — waiting for the server');
    expect(commandOutcomeText(kick({ status: 'delivered' }), 'online', NOW)).toBe(
      'Delivered — waiting for the server to confirm',
    );
  });

  it('says a kick expired once its time passed, even before the server says so', () => {
    expect(commandOutcomeText(kick({ status: 'expired' }), 'offline', NOW)).toBe(
      'Expired: the server did not carry it out in time',
    );
    expect(commandOutcomeText(kick({ expiresAt: new Date(NOW - 1).toISOString() }), 'offline', NOW)).toBe(
      'Expired: the server did not carry it out in time',
    );
  });
});
