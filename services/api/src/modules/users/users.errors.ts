import { UPGRADE_BY_OPERATOR_MESSAGE } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../../core/http';

export const USER_ERRORS = {
  notFound: { code: 'NOT_FOUND', message: 'User not found' },
  usernameTaken: { code: 'CONFLICT', message: 'This username is already taken' },
  /** A username the rules refuse, in @outpost/validation's words (MESSAGES.username*). */
  usernameInvalid: { code: 'VALIDATION_FAILED', message: (message: string) => message },
  /** "Upgrade to Premium" on a panel with no payment provider: who upgrades, and how. */
  upgradeByOperator: { code: 'CONFLICT', message: UPGRADE_BY_OPERATOR_MESSAGE },
} as const satisfies ErrorTable;

export type UserErrorCode = keyof typeof USER_ERRORS;
export const userErrors = errorsOf(USER_ERRORS);
