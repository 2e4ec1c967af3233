import { MESSAGES } from '@outpost/validation';
import { errorsOf, type ErrorTable } from '../../core/http';

export const INVITE_ERRORS = {
  /** An unknown invite id, or one of another network (the route guard's 404). */
  notFound: { code: 'NOT_FOUND', message: 'Invite not found' },
  /** A code that names no invite, or a revoked one: spec section 8's wording. */
  codeInvalid: { code: 'NOT_FOUND', message: MESSAGES.inviteCodeInvalid },
  expired: { code: 'GONE', message: 'This invite code has expired. Ask for a new one.' },
  usedUp: {
    code: 'GONE',
    message: 'This invite code has already been used the maximum number of times. Ask for a new one.',
  },
  alreadyMember: { code: 'CONFLICT', message: 'You are already a member of this network' },
} as const satisfies ErrorTable;

export type InviteErrorCode = keyof typeof INVITE_ERRORS;
export const inviteErrors = errorsOf(INVITE_ERRORS);
