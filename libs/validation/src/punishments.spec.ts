import { MESSAGES } from './messages';
import { playerActionSchema } from './player-action';
import {
  liftPunishmentSchema,
  PUNISHMENT_MESSAGES,
  punishmentsQuerySchema,
  updatePunishmentSchema,
} from './punishments';
import { validateRequest } from './issues';

const now = new Date('2026-11-26T10:00:00.000Z');
const update = updatePunishmentSchema(() => now);
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('updatePunishmentSchema', () => {
  it('takes a reason, a future expiry, or null for a permanent ban', () => {
    expect(update.parse({ reason: ' Cheating ' })).toEqual({ reason: 'Cheating' });
    expect(update.parse({ expiresAt: '2026-12-01T00:00:00Z' })).toEqual({
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    });
    expect(update.parse({ expiresAt: null })).toEqual({ expiresAt: null });
  });

  it('refuses an expiry in the past or unparsable, an empty body and unknown fields', () => {
    expect(messagesOf(update.safeParse({ expiresAt: '2026-11-26T09:59:59Z' }))).toEqual([
      PUNISHMENT_MESSAGES.expiresAtPast,
    ]);
    expect(messagesOf(update.safeParse({ expiresAt: 'tomorrow' }))).toEqual([PUNISHMENT_MESSAGES.expiresAt]);
    expect(messagesOf(update.safeParse({}))).toEqual([PUNISHMENT_MESSAGES.nothingToChange]);
    expect(update.safeParse({ reason: 'x', duration: '7d' }).success).toBe(false);
  });
});

describe('punishmentsQuerySchema', () => {
  it('reads kind, state, search and limit, with empty values absent', () => {
    expect(punishmentsQuerySchema.parse({ kind: 'ban', state: '', search: ' ada ', limit: '10' })).toEqual({
      kind: 'ban',
      search: 'ada',
      limit: 10,
    });
    expect(messagesOf(punishmentsQuerySchema.safeParse({ state: 'gone' }))).toEqual([
      PUNISHMENT_MESSAGES.state,
    ]);
  });
});

describe('the ban body', () => {
  it('takes a scope, the whole network when absent', () => {
    expect(playerActionSchema('ban').parse({ serverId: 's1' })).toMatchObject({ scope: 'network' });
    expect(playerActionSchema('ban').parse({ serverId: 's1', scope: 'server' })).toMatchObject({
      scope: 'server',
    });
    expect(messagesOf(playerActionSchema('ban').safeParse({ serverId: 's1', scope: 'world' }))).toEqual([
      PUNISHMENT_MESSAGES.scope,
    ]);
  });
});

describe('liftPunishmentSchema: a reason is required, as an unban’s', () => {
  it('keeps the reason, trimmed', () => {
    expect(liftPunishmentSchema.parse({ reason: '  Appeal accepted ' })).toEqual({
      reason: 'Appeal accepted',
    });
  });

  it.each([undefined, null, '', '   '])('refuses the reason %j with its field and message', (reason) => {
    expect(validateRequest(liftPunishmentSchema, { reason })).toMatchObject({
      success: false,
      error: MESSAGES.liftReasonRequired,
      details: [{ field: 'reason', message: MESSAGES.liftReasonRequired }],
    });
  });

  it('refuses a reason over 500 characters, and unknown fields', () => {
    expect(validateRequest(liftPunishmentSchema, { reason: 'r'.repeat(501) })).toMatchObject({
      success: false,
      details: [{ field: 'reason', message: MESSAGES.reasonTooLong }],
    });
    expect(liftPunishmentSchema.safeParse({ reason: 'Served', more: 1 }).success).toBe(false);
  });
});
