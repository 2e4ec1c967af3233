import { planRequiredMessage, type PremiumFeature } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../../core/http';

export const PLAN_ERRORS = {
  /** A premium route on a network whose owner is on Free (403, the message names the plan). */
  planRequired: {
    code: 'plan_required',
    message: (feature: PremiumFeature | undefined) => planRequiredMessage(feature),
  },
} as const satisfies ErrorTable;

export const planErrors = errorsOf(PLAN_ERRORS);
