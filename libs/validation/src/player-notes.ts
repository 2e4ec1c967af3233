// A note on a player added by hand from the profile (issue 36; an automation's note action is
// checked with the automation).
import { PLAYER_NOTE_MAX_LENGTH } from '@outpost/contracts';
import { z } from 'zod';
import { first, text } from './text';

export const PLAYER_NOTE_MESSAGES = {
  textRequired: 'Note must not be empty',
  textTooLong: `Note must be ${PLAYER_NOTE_MAX_LENGTH} characters or less`,
} as const;

/** POST /api/networks/{networkId}/players/{steamId}/notes: unknown fields are refused. */
export const addPlayerNoteSchema = z.strictObject({
  text: text(PLAYER_NOTE_MESSAGES.textRequired)
    .trim()
    .min(1, first(PLAYER_NOTE_MESSAGES.textRequired))
    .max(PLAYER_NOTE_MAX_LENGTH, first(PLAYER_NOTE_MESSAGES.textTooLong)),
});
export type AddPlayerNoteInput = z.output<typeof addPlayerNoteSchema>;
