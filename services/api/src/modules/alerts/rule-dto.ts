import type { AlertRule } from '@outpost/contracts';
import type { AlertRuleRecord } from './entities/alert-rule.entity';

export const toRuleDto = (rule: AlertRuleRecord): AlertRule => ({
  id: rule.id,
  networkId: rule.networkId,
  serverId: rule.serverId,
  kind: rule.kind,
  threshold: rule.threshold,
  minutes: rule.minutes,
  steamIds: rule.steamIds,
  channelIds: rule.channelIds.length > 0 ? rule.channelIds : null,
  enabled: rule.enabled,
  fromSettings: false,
  createdAt: rule.createdAt.toISOString(),
});
