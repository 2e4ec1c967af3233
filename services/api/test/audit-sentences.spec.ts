// Every audit action the API writes reads as sentences (issue 38): this suite makes the API write
// each of them through its real routes (the plugin protocol and the Discord stand-in where a player
// or Discord is the one acting), then reads every stored entry back the ways people read them (the
// Audit Log's details, the CSV export) and fails on an action it did not reach, on raw JSON and on
// details that are not sentences.
import {
  AUDIT_ACTIONS,
  auditDetailsText,
  DEFAULT_SUSPICIOUS_SETTINGS,
  type AuditEntry,
  type ReportsResponse,
} from '@outpost/contracts';
import { MessageFlags } from 'discord-api-types/v10';
import { AuditEntryRecord } from '../src/modules/audit/audit-entry.entity';
import { toAuditDto } from '../src/modules/audit/audit.service';
import { countdown } from './support/automation-world';
import { createNetwork, expectStatus, memberIdOf } from './support/crew';
import { carryOut, interact, rex, reportEvent, say, bob, useDiscordWorld } from './support/discord-world';
import { setPlan } from './support/plans';
import { addServer } from './support/plugin';
import { until } from './support/until';

/** Details that are sentences: a capital, a full stop, and nothing of JSON or of a missing value. */
const expectSentences = (text: string, action: string) => {
  expect({ action, text }).toEqual({ action, text: expect.stringMatching(/^[A-Z“].*[.!?…]$/s) });
  expect({ action, text }).toEqual({
    action,
    text: expect.not.stringMatching(/[{}]|":|\[object|undefined|\bnull\b|NaN/),
  });
};

describe('every audit action the API writes reads as sentences', () => {
  const w = useDiscordWorld();
  const discordUser = { id: '400000000000003899', username: 'rex.rust', globalName: 'Rexy' };
  const network = () => `/api/networks/${w.crew.network.id}`;

  beforeAll(async () => {
    w.discord.addMember(w.guildId, discordUser);
    await setPlan(w.t, w.crew.owner.user.id, 'premium');
  });

  it('writes each action through its route, and each reads as sentences in the log and the CSV', async () => {
    const { t, crew, server } = w;
    const owner = crew.owner.agent;
    const ok = async (call: Promise<import('supertest').Response>, status = 200) =>
      expectStatus(await call, status).body.data;

    // The network, its servers and members (the crew's invites, joins and role changes are written).
    await ok(owner.patch(network()).send({ name: 'Rust Legends EU', description: 'Weekly wipes' }));
    const spare = await addServer(crew.owner, crew.network.id, 'Spare');
    await ok(
      owner
        .patch(`/api/servers/${spare.id}`)
        .send({ name: 'Spare 2', connectionAddress: '203.0.113.9:28015' }),
    );
    await ok(owner.post(`/api/servers/${spare.id}/token`));
    await ok(
      owner.put(`/api/servers/${spare.id}/rcon`).send({ host: '127.0.0.1', port: 1, password: 'secret' }),
    );
    await ok(owner.post(`/api/servers/${spare.id}/rcon/retry`));
    await ok(owner.delete(`/api/servers/${spare.id}/rcon`));
    await ok(owner.post(`/api/servers/${server.id}/console`).send({ command: 'say hello' }), 202);
    const invite = await ok(owner.post('/api/invites').send({ networkId: crew.network.id, maxUses: 3 }), 201);
    await ok(owner.delete(`/api/invites/${invite.id}`));
    await ok(
      owner.delete(
        `${network()}/members/${await memberIdOf(crew.owner, crew.network.id, crew.member.user.id)}`,
      ),
    );

    // Moderation: Rex and Bob play on EU Main.
    await ok(
      owner.post(`/api/players/${rex.steamId}/kick`).send({ serverId: server.id, reason: 'AFK' }),
      201,
    );
    await ok(
      owner.post(`/api/players/${rex.steamId}/warn`).send({ serverId: server.id, reason: 'Spam' }),
      201,
    );
    await ok(
      owner
        .post(`/api/players/${rex.steamId}/ban`)
        .send({ serverId: server.id, reason: 'Aimbot', duration: '7d' }),
      201,
    );
    await ok(
      owner
        .post(`/api/players/${rex.steamId}/unban`)
        .send({ serverId: server.id, reason: 'Appeal accepted' }),
      201,
    );
    const ban = await ok(
      owner
        .post(`/api/players/${bob.steamId}/ban`)
        .send({ serverId: server.id, reason: 'Duping', scope: 'server' }),
      201,
    );
    await ok(
      owner.patch(`/api/punishments/${ban.punishment.id}`).send({ reason: 'Duping items', expiresAt: null }),
    );
    await ok(owner.post(`/api/punishments/${ban.punishment.id}/lift`).send({ reason: 'Served' }), 201);
    await ok(owner.post(`/api/servers/${server.id}/punishments/import`), 201);
    await carryOut(t, server, { ok: true, output: '' }, 0);

    // An F7 report worked; notes on a player; suspicion reviewed and its weights changed.
    await reportEvent(t, server, { id: 'sentences-report', from: bob, target: rex, subject: 'Aimbot' });
    const { reports } = (await ok(owner.get(`${network()}/reports`))) as ReportsResponse;
    await ok(
      owner
        .patch(`/api/reports/${reports[0].id}`)
        .send({ state: 'resolved', assigneeId: crew.moderator.user.id }),
    );
    await ok(owner.post(`/api/reports/${reports[0].id}/notes`).send({ text: 'Checked the demo' }), 201);
    const note = await ok(
      owner.post(`${network()}/players/${rex.steamId}/notes`).send({ text: 'Alt of Bob' }),
      201,
    );
    await ok(owner.delete(`${network()}/players/${rex.steamId}/notes/${note.id}`));
    await ok(owner.post(`${network()}/suspicious/${rex.steamId}/dismiss`).send({ note: 'Known player' }));
    await ok(owner.post(`${network()}/suspicious/${bob.steamId}/flag`).send({}));
    await ok(
      owner.put(`${network()}/suspicious/settings`).send({
        ...DEFAULT_SUSPICIOUS_SETTINGS,
        weights: { ...DEFAULT_SUSPICIOUS_SETTINGS.weights, reports: 12 },
      }),
    );

    // An automation added, changed, run to its end and removed.
    const automation = await ok(
      owner
        .post(`${network()}/automations`)
        .send(countdown({ serverIds: [server.id], actions: [{ type: 'console', command: 'status' }] })),
      201,
    );
    await ok(owner.patch(`${network()}/automations/${automation.id}`).send({ name: 'Status check' }));
    await ok(owner.post(`${network()}/automations/${automation.id}/run`), 202);
    await until(async () => {
      await carryOut(t, server, { ok: true, output: 'hostname: EU Main' }, 0);
      return (await w.t.orm.em.fork().count(AuditEntryRecord, { action: 'automation.ran' })) > 0;
    }, 'the run audited');
    await ok(owner.delete(`${network()}/automations/${automation.id}`));

    // Discord: the bot was added (the world); Rex links his Discord in game; staff unlink it; the bot goes.
    const linked = await interact(w, w.discord.interactions.command('link', {}, { user: discordUser.id }));
    const data = (linked.body as { data: { content: string; flags: number } }).data;
    expect(data.flags).toBe(MessageFlags.Ephemeral);
    await say(t, server, rex, `!link ${/`!link ([A-Z0-9]+)`/.exec(data.content)?.[1]}`);
    await until(
      async () => (await w.t.orm.em.fork().count(AuditEntryRecord, { action: 'player.discordLinked' })) > 0,
      'the link',
    );
    await ok(owner.delete(`${network()}/discord/links/${rex.steamId}`));
    await ok(owner.delete(`${network()}/discord`));

    // A network deleted (its entry keeps no network id); finally a server of this one.
    const doomed = await createNetwork(crew.owner, 'Doomed');
    await ok(owner.delete(`/api/networks/${doomed.id}`));
    await ok(owner.delete(`/api/servers/${spare.id}`));

    // Every entry as stored, read the ways people read it.
    const records = await t.orm.em.fork().find(AuditEntryRecord, {
      $or: [{ networkId: crew.network.id }, { action: 'network.deleted', networkName: 'Doomed' }],
    });
    const entries: AuditEntry[] = records.map(toAuditDto);
    expect([...new Set(entries.map((entry) => entry.action))].sort()).toEqual([...AUDIT_ACTIONS].sort());
    const names = new Map([[server.id, server.name]]);
    for (const entry of entries)
      expectSentences(
        auditDetailsText(entry, { serverName: (id) => names.get(id), time: (iso) => iso.slice(0, 16) }),
        entry.action,
      );

    const csv = expectStatus(await owner.get(`${network()}/audit.csv`), 200).text;
    expect(csv).not.toMatch(/\{"|":/);
    expect(csv).toContain(',Banned for 7 days on all servers of Rust Legends EU. Reason: Aimbot.');
    expect(csv).toContain(`,Joined Rust Legends as a member with the invite `);
  });
});
