import { PRICING, type Plan } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../../core/http';

const planName = (plan: Plan): string => PRICING.find((entry) => entry.plan === plan)?.name ?? plan;

export const USER_ERRORS = {
  notFound: { code: 'NOT_FOUND', message: 'User not found' },
  usernameTaken: { code: 'CONFLICT', message: 'This username is already taken' },
  /** A username the rules refuse, in @outpost/validation's words (MESSAGES.username*). */
  usernameInvalid: { code: 'VALIDATION_FAILED', message: (message: string) => message },
  /** A route marked @RequirePlan for a user on a lower plan. */
  planRequired: {
    code: 'PLAN_REQUIRED',
    message: (plan: Plan) => `This feature needs the ${planName(plan)} plan`,
  },
  upgradeByOperator: { code: 'CONFLICT', message: 'Upgrades are handled by the operator of this panel' },
} as const satisfies ErrorTable;

export type UserErrorCode = keyof typeof USER_ERRORS;
export const userErrors = errorsOf(USER_ERRORS);
