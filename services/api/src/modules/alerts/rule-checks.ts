import { alertRuleProblem, isThresholdKind, type AlertRuleShape } from '@outpost/validation';
import { alertErrors } from './alerts.errors';

export type RuleShape = AlertRuleShape & { steamIds: string[] };

/**
 * A rule as it will be stored, judged whole (so a PATCH cannot leave a threshold rule without its
 * minutes): throws the 400 naming the field. Fields a kind does not use are cleared.
 */
export const checkedRule = (rule: RuleShape): RuleShape => {
  const problem = alertRuleProblem(rule);
  if (problem) throw alertErrors[problem]();
  if (isThresholdKind(rule.kind)) return { ...rule, steamIds: [] };
  if (rule.kind === 'player_joins')
    return { ...rule, threshold: null, minutes: null, steamIds: [...new Set(rule.steamIds)] };
  return { ...rule, threshold: null, minutes: null, steamIds: [] };
};
