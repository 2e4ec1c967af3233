import { errorsOf, type ErrorTable } from '../../core/http';

export const MEMBER_ERRORS = {
  notFound: { code: 'NOT_FOUND', message: 'Member not found' },
  ownerUnmanageable: {
    code: 'FORBIDDEN',
    message: 'The network owner cannot be removed or have their role changed',
  },
} as const satisfies ErrorTable;

export type MemberErrorCode = keyof typeof MEMBER_ERRORS;
export const memberErrors = errorsOf(MEMBER_ERRORS);
