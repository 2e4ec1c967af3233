import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PlayerNote } from '@outpost/contracts';
import type { AddPlayerNoteInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { actorOf, DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import { addPlayerNote, removePlayerNote } from './player-notes';
import { PlayerRecord } from './player.entity';
import { playerErrors } from './players.errors';

type PlayerRef = { networkId: string; steamId: string };

/** The notes staff add to and remove from a player's profile by hand; each change is audited. */
@Injectable()
export class PlayerNotesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  async add(
    user: AuthUser,
    { networkId, steamId }: PlayerRef,
    input: AddPlayerNoteInput,
  ): Promise<PlayerNote> {
    const player = await this.playerOf(networkId, steamId);
    const note = await addPlayerNote(this.em, {
      networkId,
      steamId,
      text: input.text,
      author: actorOf(user),
      at: new Date(),
    });
    await this.announce(user, player, 'player.noteAdded', { noteId: note.id, text: note.text });
    return note;
  }

  async remove(user: AuthUser, { networkId, steamId }: PlayerRef, noteId: string): Promise<void> {
    const player = await this.playerOf(networkId, steamId);
    const note = await removePlayerNote(this.em, { networkId, steamId, id: noteId });
    if (!note) throw playerErrors.noteNotFound();
    await this.announce(user, player, 'player.noteRemoved', {
      noteId: note.id,
      text: note.text,
      author: note.authorName,
    });
  }

  /** The network's player, or 404: a note never hangs off a player the network has not seen. */
  private async playerOf(networkId: string, steamId: string): Promise<PlayerRecord> {
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId });
    if (!player) throw playerErrors.notFound();
    return player;
  }

  private async announce(
    user: AuthUser,
    player: PlayerRecord,
    action: 'player.noteAdded' | 'player.noteRemoved',
    details: Record<string, unknown>,
  ): Promise<void> {
    const network = await this.em.findOneOrFail(Network, { id: player.networkId });
    await this.events.publish(user, {
      action,
      networkId: player.networkId,
      networkName: network.name,
      target: { type: 'player', id: player.steamId, name: player.displayName },
      details: { steamId: player.steamId, ...details },
    });
  }
}
