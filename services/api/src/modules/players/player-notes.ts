import type { EntityManager } from '@mikro-orm/core';
import { PLAYER_NOTES_SHOWN, type PlayerNote } from '@outpost/contracts';
import { PlayerNoteRecord } from './player-note.entity';

export type NewPlayerNote = {
  networkId: string;
  steamId: string;
  text: string;
  author: { id: string; name: string };
  at: Date;
};

const toNoteDto = (note: PlayerNoteRecord): PlayerNote => ({
  id: note.id,
  text: note.text,
  authorId: note.authorId,
  authorName: note.authorName,
  createdAt: note.createdAt.toISOString(),
});

/**
 * Adds a note to the network's player: a person's from the profile, an automation's "add a note".
 * Flushed at once.
 */
export const addPlayerNote = async (em: EntityManager, note: NewPlayerNote): Promise<PlayerNote> => {
  const record = em.create(PlayerNoteRecord, {
    networkId: note.networkId,
    steamId: note.steamId,
    text: note.text.slice(0, 2000),
    authorId: note.author.id,
    authorName: note.author.name.slice(0, 200),
    createdAt: note.at,
  });
  await em.flush();
  return toNoteDto(record);
};

/** Removes one of the player's notes; answers what it was, or null when it is not theirs. */
export const removePlayerNote = async (
  em: EntityManager,
  where: { networkId: string; steamId: string; id: string },
): Promise<PlayerNote | null> => {
  const note = await em.findOne(PlayerNoteRecord, where);
  if (!note) return null;
  await em.remove(note).flush();
  return toNoteDto(note);
};

/** The player's newest notes, newest first: one read of the (network, player, time) index. */
export const notesOf = async (
  em: EntityManager,
  networkId: string,
  steamId: string,
): Promise<PlayerNote[]> => {
  const notes = await em.find(
    PlayerNoteRecord,
    { networkId, steamId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: PLAYER_NOTES_SHOWN },
  );
  return notes.map(toNoteDto);
};
