import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from './audit';
import { auditActivityText, auditDetailsText, type AuditSummaryContext } from './audit-summary';
import { DEFAULT_SUSPICIOUS_SETTINGS } from './suspicious';

/**
 * Each action's details as the API writes them (its emitter in services/api/src/modules). Typed by
 * AuditAction: a new action fails to compile here until it has its example. The API suite
 * audit-sentences.spec.ts reads the real entries the routes write.
 */
const DETAILS: Readonly<Record<AuditAction, Record<string, unknown>>> = {
  'network.created': {},
  'network.updated': { fields: ['description', 'name'], previousName: 'Old Legends' },
  'network.deleted': {},
  'member.joined': { inviteCode: 'ABCDE-FGHIJ-KLMNO', memberId: 'm-1' },
  'member.roleChanged': { from: 'member', to: 'admin' },
  'member.removed': { role: 'moderator', left: false },
  'invite.created': { maxUses: 50, expiresAt: '2026-12-03T10:00:00.000Z', createdFrom: 'dashboard' },
  'invite.revoked': {},
  'server.added': {},
  'server.updated': { fields: ['connectionAddress', 'name'] },
  'server.deleted': {},
  'server.tokenRotated': {},
  'server.rconSet': {},
  'server.rconRemoved': {},
  'server.rconRetried': {},
  'server.consoleCommandRun': { command: 'say hi', commandId: 'c-1' },
  'player.kicked': { steamId: '76561198000000001', reason: 'AFK', serverId: 's-eu', serverName: 'EU Main' },
  'player.warned': { steamId: '76561198000000001', reason: 'Spam', serverId: 's-eu', serverName: 'EU Main' },
  'player.banned': {
    steamId: '76561198000000001',
    reason: 'Aimbot',
    serverId: 's-eu',
    serverName: 'EU Main',
    duration: '7d',
    scope: 'network',
    reportId: 'r-1',
  },
  'player.unbanned': { steamId: '76561198000000001', reason: 'Appeal accepted', serverId: 's-eu' },
  'punishment.updated': {
    punishmentId: 'p-1',
    steamId: '76561198000000001',
    serverId: 's-eu',
    reason: { from: 'Aimbot', to: 'Aimbot and ESP' },
    expiresAt: { from: '2026-12-03T10:00:00.000Z', to: null },
  },
  'punishment.lifted': {
    punishmentId: 'p-1',
    steamId: '76561198000000001',
    serverId: 's-eu',
    reason: 'Lifted by a moderator',
    servers: ['s-eu', 's-us'],
  },
  'punishments.imported': { serverId: 's-eu', commandId: 'c-2' },
  'report.updated': {
    reportId: 'r-1',
    serverId: 's-eu',
    state: { from: 'New', to: 'Resolved' },
    assignee: { from: null, to: 'Mo' },
  },
  'report.noteAdded': {
    reportId: 'r-1',
    serverId: 's-eu',
    text: 'Checked the demo',
    state: { from: 'New', to: 'Reviewing' },
  },
  'player.suspicionDismissed': { note: 'Known good player', score: 42 },
  'player.suspicionFlagged': { note: null, score: 77 },
  'suspicious.settingsChanged': {
    from: DEFAULT_SUSPICIOUS_SETTINGS,
    to: {
      ...DEFAULT_SUSPICIOUS_SETTINGS,
      weights: { ...DEFAULT_SUSPICIOUS_SETTINGS.weights, reports: 12 },
      thresholds: { ...DEFAULT_SUSPICIOUS_SETTINGS.thresholds, zScore: 3 },
    },
  },
  'player.noteAdded': { steamId: '76561198000000001', noteId: 'n-1', text: 'Alt of Rex' },
  'player.noteRemoved': { steamId: '76561198000000001', noteId: 'n-1', text: 'Alt of Rex', author: 'Ada' },
  'automation.created': { kind: 'schedule' },
  'automation.updated': { kind: 'trigger', fields: ['actions', 'cooldownSeconds'] },
  'automation.deleted': { kind: 'schedule' },
  'automation.ran': {
    runId: 'run-1',
    cause: 'player.joined',
    status: 'succeeded',
    serverId: 's-eu',
    serverName: 'EU Main',
    steamId: '76561198000000001',
    actions: [
      { type: 'broadcast', status: 'succeeded' },
      { type: 'console', status: 'succeeded' },
    ],
  },
  'discord.connected': { guildId: 'g-1', guildName: 'Legends Discord' },
  'discord.disconnected': { guildId: 'g-1', guildName: 'Legends Discord' },
  'player.discordLinked': { steamId: '76561198000000001', discordUserId: 'd-1', discordName: 'rex#1' },
  'player.discordUnlinked': { steamId: '76561198000000001', discordUserId: 'd-1', discordName: 'rex#1' },
};

const entryOf = (action: AuditAction, details: Record<string, unknown>): AuditEntry => ({
  id: 'e-1',
  action,
  networkId: 'n-1',
  networkName: 'Rust Legends',
  actorId: 'u-1',
  actorName: 'Ada',
  targetType: 'player',
  targetId: 't-1',
  targetName: 'Rex',
  details,
  createdAt: '2026-11-23T11:00:00.000Z',
});

const SERVERS: Record<string, string> = { 's-eu': 'EU Main', 's-us': 'US West' };
const context: AuditSummaryContext = {
  serverName: (id: string) => SERVERS[id],
  time: (iso: string) => `[${iso.slice(0, 10)}]`,
};

/** What must never show: JSON, a value's type name, an empty sentence. */
const expectSentences = (text: string) => {
  expect(text).toMatch(/^[A-Z“]/);
  expect(text).toMatch(/[.!?…]$/);
  expect(text).not.toMatch(/[{}]|":|\[object|undefined|\bnull\b|NaN/);
};

describe('every audit action reads as sentences', () => {
  it.each(AUDIT_ACTIONS)('%s, with the details the API writes', (action) => {
    const text = auditDetailsText(entryOf(action, DETAILS[action]), context);
    expectSentences(text);
    expect(auditActivityText(entryOf(action, DETAILS[action]))).toMatch(/^Ada [a-z]/);
  });

  it.each(AUDIT_ACTIONS)('%s, with no details (an entry from an older version)', (action) => {
    expectSentences(auditDetailsText(entryOf(action, {}), context));
    expectSentences(auditDetailsText(entryOf(action, {})));
  });

  it.each(AUDIT_ACTIONS)('%s, with details of another shape', (action) => {
    const odd = Object.fromEntries(
      Object.keys({ ...DETAILS[action], serverId: 1 }).map((key, i) => [
        key,
        [{ nested: true }, [1, 2], 12, null, { from: { deep: 1 }, to: [] }][i % 5],
      ]),
    );
    expectSentences(auditDetailsText(entryOf(action, odd), context));
  });
});

describe('the facts the sentences state', () => {
  const details = (
    action: AuditAction,
    extra: Record<string, unknown> = {},
    ctx: AuditSummaryContext = context,
  ) => auditDetailsText(entryOf(action, { ...DETAILS[action], ...extra }), ctx);

  it('a network ban holds on all servers of the network; a server ban names its server', () => {
    expect(details('player.banned')).toBe(
      'Banned for 7 days on all servers of Rust Legends. Reason: Aimbot. In answer to a report.',
    );
    expect(details('player.banned', { scope: 'server', duration: null, reportId: undefined })).toBe(
      'Banned permanently on EU Main. Reason: Aimbot.',
    );
    expect(auditActivityText(entryOf('player.banned', DETAILS['player.banned']))).toBe(
      'Ada banned Rex on all servers of Rust Legends',
    );
  });

  it('a server it no longer has reads by the name the entry kept, else as deleted', () => {
    const gone = { serverName: () => undefined };
    expect(details('player.kicked', {}, gone)).toBe('Kicked from EU Main. Reason: AFK.');
    expect(details('player.kicked', { serverName: undefined }, gone)).toBe(
      'Kicked from a deleted server. Reason: AFK.',
    );
    expect(details('player.kicked', { serverName: undefined }, {})).toBe(
      'Kicked from a server. Reason: AFK.',
    );
  });

  it('a join names the invite, never its ids; changes name what changed', () => {
    expect(details('member.joined')).toBe('Joined Rust Legends with the invite ABCDE-FGHIJ-KLMNO.');
    expect(details('network.updated')).toBe(
      'Renamed the network from Old Legends to Rust Legends. Changed the description.',
    );
    expect(details('server.updated')).toBe("Changed the server's connection address and name.");
    expect(details('invite.created')).toBe('Can be used 50 times until [2026-12-03].');
    expect(details('member.roleChanged')).toBe('Role changed from a member to an admin.');
  });

  it('a ban changed, lifted, a report moved, settings changed, a run', () => {
    expect(details('punishment.updated')).toBe(
      'Changed the ban’s reason from “Aimbot” to “Aimbot and ESP”. The ban now ends never instead of on [2026-12-03].'.replace(
        '’',
        "'",
      ),
    );
    expect(details('punishment.lifted')).toBe(
      'Lifted the ban early. Reason: Lifted by a moderator. An unban went to EU Main and US West.',
    );
    expect(details('report.updated')).toBe('Moved from New to Resolved. Assigned to Mo.');
    expect(details('suspicious.settingsChanged')).toBe(
      'Changed the weight of Reports from 10 to 12 and the threshold “Standard deviations before K/D and headshots count” from 2 to 3.',
    );
    expect(details('automation.ran')).toBe(
      'Ran when a player joined on EU Main: succeeded. Its actions: broadcast succeeded and console command succeeded.',
    );
  });
});
