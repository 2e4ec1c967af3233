// Invite codes are three groups of five uppercase letters or digits (spec section 9), e.g.
// K7Q2M-9XBTR-4HZ8W. People type and paste them in lower case, with spaces or dashes anywhere, so
// we normalise first.
import { MESSAGES } from './messages';
import { first, text } from './text';

export const INVITE_CODE_PATTERN = /^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/**
 * What people put between and around a code's groups: spaces of any kind, the invisible characters
 * chat apps and word processors add to copied text (zero-width spaces and joiners, word joiner,
 * byte-order mark, soft hyphen), and hyphens or dashes, typed or made typographic by an editor.
 */
const SEPARATORS = /[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff\u2010-\u2015\u2212\ufe58\ufe63-]+/g;

/**
 * A code as it was typed, in the form the panel gave it: NFKC first (full-width letters from an
 * input method become ASCII), separators dropped, upper case, then the groups of five dashed again,
 * so "k7q2m 9xbtr 4hz8w", "K7Q2M9XBTR4HZ8W" and " k7q2m--9xbtr-4hz8w " all read K7Q2M-9XBTR-4HZ8W.
 * Anything else is left as it is, for the pattern to refuse.
 */
export const normalizeInviteCode = (value: string): string => {
  const bare = value.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
  return /^[A-Z0-9]{15}$/.test(bare) ? `${bare.slice(0, 5)}-${bare.slice(5, 10)}-${bare.slice(10)}` : bare;
};

export const inviteCodeSchema = text(MESSAGES.inviteCodeRequired, MESSAGES.inviteCodeInvalid)
  .transform(normalizeInviteCode)
  .pipe(
    text(MESSAGES.inviteCodeInvalid)
      .min(1, first(MESSAGES.inviteCodeRequired))
      .regex(INVITE_CODE_PATTERN, first(MESSAGES.inviteCodeInvalid)),
  );
