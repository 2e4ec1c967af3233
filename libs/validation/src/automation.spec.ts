import {
  AUTOMATION_MESSAGES as M,
  automationSchema,
  isCronExpression,
  isTimeZone,
  nextRunsOf,
  patternProblem,
} from './automation';
import { requestErrors } from './issues';

const broadcast = { type: 'broadcast', message: 'Restart in 5 minutes' };
const schedule = { cron: '0 18 * * *', timezone: 'Europe/Berlin' };

describe('automation rules', () => {
  it('reads five-field cron expressions with croner and refuses others', () => {
    expect(isCronExpression('0 18 * * *')).toBe(true);
    expect(isCronExpression('*/5 * * * 1-5')).toBe(true);
    expect(isCronExpression('0 18 * *')).toBe(false);
    expect(isCronExpression('0 0 18 * * *')).toBe(false);
    expect(isCronExpression('61 * * * *')).toBe(false);
    expect(isCronExpression('every day')).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  // croner's documented behaviour: a time that does not exist (spring forward) runs once, shifted
  // by the gap; a time that happens twice (fall back) runs once, at its first occurrence.
  it('runs a 02:30 schedule once on each daylight-saving day', () => {
    const at = { cron: '30 2 * * *', timezone: 'Europe/Berlin' };
    const spring = nextRunsOf(at, 3, new Date('2026-03-28T00:00:00Z')).map((d) => d.toISOString());
    expect(spring).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    const fall = nextRunsOf(at, 3, new Date('2026-10-24T00:00:00Z')).map((d) => d.toISOString());
    expect(fall).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('refuses patterns that are too long, broken or catastrophic', () => {
    expect(patternProblem('^!discord\\b')).toBeNull();
    expect(patternProblem('')).toBe(M.pattern);
    expect(patternProblem('a'.repeat(201))).toBe(M.pattern);
    expect(patternProblem('(unclosed')).toBe(M.patternInvalid);
    expect(patternProblem('(a+)+$')).toBe(M.patternUnsafe);
  });

  it('takes a schedule or a trigger, never both or neither', () => {
    expect(
      requestErrors(automationSchema, { name: 'Daily', serverIds: null, schedule, actions: [broadcast] }),
    ).toEqual([]);
    expect(
      requestErrors(automationSchema, {
        name: 'Both',
        serverIds: null,
        schedule,
        trigger: { event: 'server.online' },
        actions: [broadcast],
      }),
    ).toEqual([{ field: 'trigger', message: M.oneOf }]);
    expect(requestErrors(automationSchema, { name: 'None', serverIds: null, actions: [broadcast] })).toEqual([
      { field: 'schedule', message: M.oneOf },
    ]);
  });

  it('names the field of each broken rule with its message', () => {
    expect(
      requestErrors(automationSchema, {
        name: '',
        serverIds: [],
        schedule: { cron: '0 18 * *', timezone: 'Nowhere/City' },
        actions: [{ type: 'console', command: '', delaySeconds: 901 }, { type: 'shout' }],
      }),
    ).toEqual([
      { field: 'name', message: M.name },
      { field: 'serverIds', message: M.serverIds },
      { field: 'schedule.cron', message: M.cron },
      { field: 'schedule.timezone', message: M.timezone },
      { field: 'actions.0.command', message: M.command },
      { field: 'actions.0.delaySeconds', message: M.delaySeconds },
      { field: 'actions.1.type', message: M.actionType },
    ]);
  });

  it('refuses player actions and per-player cooldowns on a schedule', () => {
    expect(
      requestErrors(automationSchema, {
        name: 'Kick all',
        serverIds: null,
        schedule,
        perPlayerCooldownSeconds: 60,
        actions: [broadcast, { type: 'kick', reason: 'x' }],
      }),
    ).toEqual([
      { field: 'actions.1.type', message: M.playerActionOnSchedule },
      { field: 'perPlayerCooldownSeconds', message: M.perPlayerCooldownOnSchedule },
    ]);
  });

  it('checks the trigger by its event, and a ban needs its duration and scope', () => {
    expect(
      requestErrors(automationSchema, {
        name: 'Ban cheaters',
        serverIds: null,
        trigger: { event: 'chat.message', pattern: '(a+)+$' },
        actions: [{ type: 'ban', reason: 'Cheating' }],
      }),
    ).toEqual([
      { field: 'trigger.pattern', message: M.patternUnsafe },
      { field: 'actions.0.durationMinutes', message: M.durationMinutes },
      { field: 'actions.0.scope', message: M.scope },
    ]);
    expect(
      requestErrors(automationSchema, {
        name: 'Count',
        serverIds: null,
        trigger: { event: 'players.count', above: 10, below: 5 },
        actions: [broadcast],
      }),
    ).toEqual([{ field: 'trigger.above', message: M.aboveOrBelow }]);
  });
});
