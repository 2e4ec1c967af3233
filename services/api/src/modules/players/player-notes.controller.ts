import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PlayerNote } from '@outpost/contracts';
import { addPlayerNoteSchema, type AddPlayerNoteInput } from '@outpost/validation';
import {
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { PlayerNotesService } from './player-notes.service';

const NOTE_EXAMPLE: PlayerNote = {
  id: '5b1d7c8e-3f4a-4b6c-9d2e-1a0f8e7d6c5b',
  text: 'Often reported for aim; spectated twice, nothing found',
  authorId: 'u2',
  authorName: 'Mia Moderator',
  createdAt: '2026-12-02T10:00:00.000Z',
};

/** A player's notes on the profile (the profile answers them); added and removed by hand here. */
@ApiTags('players')
@Controller('api/networks/:id/players/:steamId/notes')
export class PlayerNotesController {
  constructor(private readonly notes: PlayerNotesService) {}

  @Post()
  @RequirePermission('players.moderate', { network: networkParam() })
  @ApiRoute({
    summary:
      "Adds a note to the network's player, shown on the profile to moderators and up; audited as player.noteAdded",
    bodySchema: addPlayerNoteSchema,
    body: { text: NOTE_EXAMPLE.text },
    ok: { status: 201, example: NOTE_EXAMPLE },
    errors: [400, 403, 404],
  })
  add(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(addPlayerNoteSchema)) body: AddPlayerNoteInput,
  ): Promise<PlayerNote> {
    return this.notes.add(user, { networkId, steamId }, body);
  }

  @Delete(':noteId')
  @HttpCode(200)
  @RequirePermission('players.moderate', { network: networkParam() })
  @ApiRoute({
    summary:
      "Removes one of the player's notes (a person's or an automation's); audited as player.noteRemoved",
    errors: [403, 404],
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId') steamId: string,
    @Param('noteId') noteId: string,
  ): Promise<null> {
    await this.notes.remove(user, { networkId, steamId }, noteId);
    return null;
  }
}
