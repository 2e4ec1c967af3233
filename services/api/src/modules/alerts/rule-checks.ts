import { THRESHOLD_RULE_KINDS, type AlertRuleKind } from '@outpost/contracts';
import { alertErrors } from './alerts.errors';

/** Kinds about the whole network: a server filter means nothing there. */
const NETWORK_WIDE: readonly AlertRuleKind[] = ['member_joins'];

export const isThresholdKind = (kind: AlertRuleKind): kind is (typeof THRESHOLD_RULE_KINDS)[number] =>
  (THRESHOLD_RULE_KINDS as readonly AlertRuleKind[]).includes(kind);

export type RuleShape = {
  kind: AlertRuleKind;
  serverId: string | null;
  threshold: number | null;
  minutes: number | null;
  steamIds: string[];
};

/**
 * A rule as it will be stored, judged whole (so a PATCH cannot leave a threshold rule without its
 * minutes): throws the 400 naming the field. Fields a kind does not use are cleared.
 */
export const checkedRule = (rule: RuleShape): RuleShape => {
  if (NETWORK_WIDE.includes(rule.kind) && rule.serverId !== null) throw alertErrors.networkWide();
  if (isThresholdKind(rule.kind)) {
    if (rule.threshold === null) throw alertErrors.thresholdRequired();
    if (rule.minutes === null) throw alertErrors.minutesRequired();
    return { ...rule, steamIds: [] };
  }
  if (rule.kind === 'player_joins') {
    if (rule.steamIds.length === 0) throw alertErrors.steamIdsRequired();
    return { ...rule, threshold: null, minutes: null, steamIds: [...new Set(rule.steamIds)] };
  }
  return { ...rule, threshold: null, minutes: null, steamIds: [] };
};
