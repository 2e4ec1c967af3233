// Invite codes are three groups of five uppercase letters or digits (spec section 9), e.g.
// K7Q2M-9XBTR-4HZ8W. People paste them with stray spaces or in lower case, so we normalise first.
import { MESSAGES } from './messages';
import { first, text } from './text';

export const INVITE_CODE_PATTERN = /^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

export const normalizeInviteCode = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export const inviteCodeSchema = text(MESSAGES.inviteCodeRequired, MESSAGES.inviteCodeInvalid)
  .trim()
  .min(1, first(MESSAGES.inviteCodeRequired))
  .transform(normalizeInviteCode)
  .pipe(text(MESSAGES.inviteCodeInvalid).regex(INVITE_CODE_PATTERN, first(MESSAGES.inviteCodeInvalid)));
