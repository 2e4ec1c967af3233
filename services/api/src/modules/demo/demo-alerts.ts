import type { EntityManager } from '@mikro-orm/core';
import { createAlertChannelSchema, createAlertRuleSchema } from '@outpost/validation';
import type { ChannelsService, RulesService } from '../alerts';
import { GameServer } from '../servers';
import { DEMO_ALERT_RULES } from './demo-network';

/**
 * The demo network's alert rules (DEMO_ALERT_RULES) and its Panel channel (the header's bell), each
 * made when missing, through the alerts module's services and the routes' own schemas.
 */
export const ensureDemoAlerts = async (
  em: EntityManager,
  networkId: string,
  rules: RulesService,
  channels: ChannelsService,
): Promise<void> => {
  const servers = await em.find(GameServer, { networkId }, { fields: ['id', 'name'] });
  const existing = await rules.list(networkId);
  for (const wanted of DEMO_ALERT_RULES) {
    const serverId = wanted.server
      ? (servers.find((server) => server.name === wanted.server)?.id ?? null)
      : null;
    if (
      existing.some((rule) => !rule.fromSettings && rule.kind === wanted.kind && rule.serverId === serverId)
    )
      continue;
    await rules.create(
      networkId,
      createAlertRuleSchema.parse({
        kind: wanted.kind,
        serverId,
        threshold: wanted.threshold,
        minutes: wanted.minutes,
      }),
    );
  }
  if (!(await channels.list(networkId, false)).some((channel) => channel.type === 'panel'))
    await channels.create(networkId, createAlertChannelSchema.parse({ type: 'panel', name: 'Panel' }));
};
