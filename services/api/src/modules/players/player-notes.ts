import type { EntityManager } from '@mikro-orm/core';
import type { PlayerNote } from '@outpost/contracts';
import { PlayerNoteRecord } from './player-note.entity';

export type NewPlayerNote = {
  networkId: string;
  steamId: string;
  text: string;
  author: { id: string; name: string };
  at: Date;
};

/** Adds a note to the network's player (an automation's "add a note"); flushed at once. */
export const addPlayerNote = async (em: EntityManager, note: NewPlayerNote): Promise<string> => {
  const record = em.create(PlayerNoteRecord, {
    networkId: note.networkId,
    steamId: note.steamId,
    text: note.text.slice(0, 2000),
    authorId: note.author.id,
    authorName: note.author.name.slice(0, 200),
    createdAt: note.at,
  });
  await em.flush();
  return record.id;
};

/** The player's notes, newest first. */
export const notesOf = async (
  em: EntityManager,
  networkId: string,
  steamId: string,
): Promise<PlayerNote[]> => {
  const notes = await em.find(
    PlayerNoteRecord,
    { networkId, steamId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 },
  );
  return notes.map((note) => ({
    id: note.id,
    text: note.text,
    authorId: note.authorId,
    authorName: note.authorName,
    createdAt: note.createdAt.toISOString(),
  }));
};
