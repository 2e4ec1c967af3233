// Notes on a player (issue 36): the profile answers them to moderators and up (newest first, at
// most 100), staff add and remove them by hand, audited; an automation writes them through the
// players module's addPlayerNote. The role matrix and bad input for every route.
import type { AuditEntry, PlayerNote, PlayerProfile } from '@outpost/contracts';
import { addPlayerNote } from '../src/modules/players';
import { PlayerNoteRecord } from '../src/modules/players/player-note.entity';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

const MODERATE = statusesFor('players.moderate', { write: true });
/** Who reads the notes on the profile: those who work reports or moderate players. */
const READS_NOTES = { owner: true, admin: true, moderator: true, member: false, demo: false } as const;

describe('player notes API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  const rex = steamIdOf(1);
  const mia = steamIdOf(2);
  /** A player only the other network has seen. */
  const stranger = steamIdOf(3);
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    const main = await addServer(crew.owner, crew.network.id, 'Main');
    await heartbeat(t, main.token, [
      { steamId: rex, name: 'Rex' },
      { steamId: mia, name: 'Mia' },
    ]);
    const elsewhere = await addServer(other.owner, other.network.id, 'Elsewhere');
    await heartbeat(t, elsewhere.token, [{ steamId: stranger, name: 'Stranger' }]);
  });
  afterAll(() => t.close());

  const notesPath = (steamId = rex, networkId = crew.network.id) =>
    `/api/networks/${networkId}/players/${steamId}/notes`;
  const profileOf = async (who = crew.owner, steamId = rex): Promise<PlayerProfile> =>
    expectStatus(await who.agent.get(`/api/players/${steamId}`).query({ networkId: crew.network.id }), 200)
      .body.data as PlayerProfile;
  const addNote = async (text: string, steamId = rex): Promise<PlayerNote> =>
    expectStatus(await crew.owner.agent.post(notesPath(steamId)).send({ text }), 201).body.data as PlayerNote;
  const rows = () => countRows(t, 'player_notes', { network_id: crew.network.id });
  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (
      expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?action=${action}`), 200)
        .body.data as { entries: AuditEntry[] }
    ).entries;

  describe('POST /api/networks/{networkId}/players/{steamId}/notes', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const before = await rows();
      const res = await agentOf(t, crew, actor)
        .post(notesPath())
        .send({ text: `A note by the ${actor}` });
      expectStatus(res, MODERATE[actor] === 200 ? 201 : MODERATE[actor]);
      expect(await rows()).toBe(before + (res.status === 201 ? 1 : 0));
    });

    it('answers the note with its author and time, trimmed, and audits it', async () => {
      const note = expectStatus(
        await crew.moderator.agent.post(notesPath()).send({ text: '  Spectated 10 minutes: clean  ' }),
        201,
      ).body.data as PlayerNote;
      expect(note).toEqual({
        id: expect.any(String),
        text: 'Spectated 10 minutes: clean',
        authorId: crew.moderator.user.id,
        authorName: 'Moe Moderator',
        createdAt: expect.any(String),
      });
      expect(Date.now() - Date.parse(note.createdAt)).toBeLessThan(60_000);
      const [entry] = await auditOf('player.noteAdded');
      expect(entry).toMatchObject({
        action: 'player.noteAdded',
        actorId: crew.moderator.user.id,
        targetType: 'player',
        targetId: rex,
        targetName: 'Rex',
        details: { steamId: rex, noteId: note.id, text: 'Spectated 10 minutes: clean' },
      });
    });

    it.each([
      ['no text', {}, 'Note must not be empty'],
      ['blank text', { text: '   ' }, 'Note must not be empty'],
      ['text that is not text', { text: 42 }, 'Note must not be empty'],
      ['501 characters', { text: 'n'.repeat(501) }, 'Note must be 500 characters or less'],
    ])('refuses %s with 400 naming text, storing nothing', async (_case, body, message) => {
      const before = await rows();
      const res = expectStatus(await crew.owner.agent.post(notesPath()).send(body), 400);
      expect(res.body).toMatchObject({
        success: false,
        error: message,
        details: [{ field: 'text', message }],
      });
      expect(await rows()).toBe(before);
    });

    it('takes 500 characters, and refuses a field it does not know', async () => {
      expect((await addNote('n'.repeat(500))).text).toHaveLength(500);
      const before = await rows();
      expectStatus(
        await crew.owner.agent.post(notesPath()).send({ text: 'mine', authorName: 'Automation “Fake”' }),
        400,
      );
      expect(await rows()).toBe(before);
    });

    it("answers 404 for a player the network has not seen, another network's player included", async () => {
      const before = await rows();
      expectStatus(await crew.owner.agent.post(notesPath(steamIdOf(99))).send({ text: 'who?' }), 404);
      expectStatus(await crew.owner.agent.post(notesPath(stranger)).send({ text: 'who?' }), 404);
      // The other network's owner names the player through this network: not theirs.
      expectStatus(await other.owner.agent.post(notesPath(rex)).send({ text: 'sneaky' }), 404);
      expect(await rows()).toBe(before);
      expect(await countRows(t, 'player_notes', { network_id: other.network.id })).toBe(0);
    });
  });

  describe('DELETE /api/networks/{networkId}/players/{steamId}/notes/{noteId}', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const note = await addNote(`To remove, tried by the ${actor}`);
      expectStatus(await agentOf(t, crew, actor).delete(`${notesPath()}/${note.id}`), MODERATE[actor]);
      expect(await countRows(t, 'player_notes', { id: note.id })).toBe(MODERATE[actor] === 200 ? 0 : 1);
    });

    it('removes the note from the profile and audits it', async () => {
      const note = await addNote('Wrong player, sorry');
      expect((await profileOf()).notes?.map((n) => n.id)).toContain(note.id);
      const res = expectStatus(await crew.admin.agent.delete(`${notesPath()}/${note.id}`), 200);
      expect(res.body).toMatchObject({ success: true, data: null });
      expect((await profileOf()).notes?.map((n) => n.id)).not.toContain(note.id);
      const [entry] = await auditOf('player.noteRemoved');
      expect(entry).toMatchObject({
        action: 'player.noteRemoved',
        actorId: crew.admin.user.id,
        targetType: 'player',
        targetId: rex,
        targetName: 'Rex',
        details: { steamId: rex, noteId: note.id, text: 'Wrong player, sorry', author: 'Olivia Owner' },
      });
    });

    it("answers 404 for an unknown note, another player's, or through another network", async () => {
      const note = await addNote('Kept');
      expectStatus(await crew.owner.agent.delete(`${notesPath()}/nope`), 404);
      // The note is Rex's: not Mia's, nor a player's the network has not seen.
      expectStatus(await crew.owner.agent.delete(`${notesPath(mia)}/${note.id}`), 404);
      expectStatus(await crew.owner.agent.delete(`${notesPath(steamIdOf(99))}/${note.id}`), 404);
      expectStatus(await other.owner.agent.delete(`${notesPath(rex, other.network.id)}/${note.id}`), 404);
      expectStatus(await other.owner.agent.delete(`${notesPath()}/${note.id}`), 404);
      expect(await countRows(t, 'player_notes', { id: note.id })).toBe(1);
      // Removed once; a second time there is nothing to remove.
      expectStatus(await crew.owner.agent.delete(`${notesPath()}/${note.id}`), 200);
      expectStatus(await crew.owner.agent.delete(`${notesPath()}/${note.id}`), 404);
    });
  });

  describe('the notes on GET /api/players/{steamId}', () => {
    it("answers Mia's notes newest first, an automation's among them, to moderators and up only", async () => {
      const em = t.orm.em.fork();
      // As an automation's note action writes it: through the players module, a minute ago.
      const automated = await addPlayerNote(em, {
        networkId: crew.network.id,
        steamId: mia,
        text: '3 F7 reports in 10 minutes',
        author: { id: 'automation:a1', name: 'Automation “Three reports”' },
        at: new Date(Date.now() - 60_000),
      });
      const byHand = await addNote('Spectated after the reports: closet cheater?', mia);
      for (const actor of ['owner', 'admin', 'moderator', 'member', 'demo'] as const) {
        const profile = await profileOf(crew[actor], mia);
        if (!READS_NOTES[actor]) {
          expect([actor, profile.notes]).toEqual([actor, undefined]);
          continue;
        }
        expect([actor, profile.notes]).toEqual([
          actor,
          [
            byHand,
            {
              id: automated.id,
              text: '3 F7 reports in 10 minutes',
              authorId: 'automation:a1',
              authorName: 'Automation “Three reports”',
              createdAt: automated.createdAt,
            },
          ],
        ]);
      }
      // Only notes of this player: Rex's are not Mia's.
      expect((await profileOf(crew.owner, rex)).notes?.every((n) => n.id !== byHand.id)).toBe(true);
    });

    it('answers the newest 100 of a player with more', async () => {
      const busy = steamIdOf(4);
      const main = await addServer(crew.owner, crew.network.id, 'Busy');
      await heartbeat(t, main.token, [{ steamId: busy, name: 'Busy' }]);
      const em = t.orm.em.fork();
      const start = Date.UTC(2026, 0, 1);
      for (let i = 0; i < 105; i += 1)
        em.create(PlayerNoteRecord, {
          networkId: crew.network.id,
          steamId: busy,
          text: `note ${i}`,
          authorId: 'automation:a2',
          authorName: 'Automation “Counter”',
          createdAt: new Date(start + i * 60_000),
        });
      await em.flush();
      const notes = (await profileOf(crew.moderator, busy)).notes ?? [];
      expect(notes).toHaveLength(100);
      expect(notes[0].text).toBe('note 104');
      expect(notes.at(-1)?.text).toBe('note 5');
    });

    it('answers no notes for a player without any', async () => {
      const fresh = steamIdOf(5);
      const main = await addServer(crew.owner, crew.network.id, 'Quiet');
      await heartbeat(t, main.token, [{ steamId: fresh, name: 'Quiet' }]);
      expect((await profileOf(crew.owner, fresh)).notes).toEqual([]);
    });
  });
});
