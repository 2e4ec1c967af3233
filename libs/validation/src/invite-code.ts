// Invite codes are three groups of five uppercase letters or digits (spec section 9), e.g.
// K7Q2M-9XBTR-4HZ8W. People paste them with stray spaces or in lower case, so we normalise first.
import { MESSAGES } from './messages';
import { first, text } from './text';

export const INVITE_CODE_PATTERN = /^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/**
 * Spaces of any kind, and the invisible characters chat apps and word processors put around or
 * inside copied text (zero-width spaces and joiners, word joiner, byte-order mark, soft hyphen).
 */
const SPACES = /[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff]+/g;
/** Hyphens and dashes a text editor may have made of the code's `-`. */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

export const normalizeInviteCode = (value: string): string =>
  value.replace(SPACES, '').replace(DASHES, '-').toUpperCase();

export const inviteCodeSchema = text(MESSAGES.inviteCodeRequired, MESSAGES.inviteCodeInvalid)
  .transform(normalizeInviteCode)
  .pipe(
    text(MESSAGES.inviteCodeInvalid)
      .min(1, first(MESSAGES.inviteCodeRequired))
      .regex(INVITE_CODE_PATTERN, first(MESSAGES.inviteCodeInvalid)),
  );
