import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Leadership, type HeldRole } from '../../core/cluster';
import { PlayerRecord } from '../players';
import { SuspiciousService } from '../suspicious';
import { AutomationRecord } from './automation.entity';
import { AutomationTriggers } from './automation-triggers';

/** How often the leader scores the networks that have a suspicious-score trigger. */
export const SCORE_EVERY_MS = 30_000;

/**
 * The `suspicious.score` triggers: a score is computed when it is read (the suspicious module), so
 * the leader reads the scores of each network that has such a trigger every 30 s and answers the
 * players whose score crossed a trigger's threshold since the last reading. The first reading after
 * becoming the leader is the baseline: a score already above the threshold then is not a crossing.
 */
@Injectable()
export class SuspiciousScoreWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SuspiciousScoreWatch');
  private role: HeldRole | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The last scores read, by network and player. */
  private readonly last = new Map<string, Map<string, number>>();

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly suspicious: SuspiciousService,
    private readonly triggers: AutomationTriggers,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.hold({
      name: 'automation suspicious scores',
      start: async () => {
        this.last.clear();
        this.timer = setInterval(() => void this.tick(), SCORE_EVERY_MS);
        await this.tick();
      },
      stop: async () => {
        if (this.timer) clearInterval(this.timer);
        this.timer = null;
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  async tick(now = new Date()): Promise<number> {
    let fired = 0;
    try {
      const automations = await this.em
        .fork()
        .find(AutomationRecord, { kind: 'trigger', enabled: true, triggerEvent: 'suspicious.score' });
      const networks = new Set(automations.map((automation) => automation.networkId));
      for (const networkId of networks) {
        const list = await this.suspicious.list({ networkId }, false, now.getTime());
        const scores = new Map(list.players.map((player) => [player.steamId, player]));
        const before = this.last.get(networkId);
        this.last.set(networkId, new Map(list.players.map((player) => [player.steamId, player.score])));
        if (!before) continue;
        for (const [steamId, player] of scores) {
          const previous = before.get(steamId) ?? 0;
          if (player.score <= previous) continue;
          const serverId = await this.lastServerOf(networkId, steamId);
          if (!serverId) continue;
          const mine = await this.triggers.triggersFor(networkId, 'suspicious.score', serverId);
          fired += await this.triggers.answer(
            {
              event: 'suspicious.score',
              networkId,
              serverId,
              serverName: await this.triggers.serverNameOf(serverId),
              at: now,
              key: `${steamId}:${Math.floor(previous)}:${Math.floor(player.score)}:${now.getTime()}`,
              player: { steamId, name: player.name },
              value: Math.round(player.score),
              previous: Math.round(previous),
            },
            mine,
          );
        }
      }
    } catch (error) {
      this.logger.warn(`Scores not read: ${(error as Error).message}`);
    }
    return fired;
  }

  /** The server the player is on, or was last on: where a run about them acts. */
  private async lastServerOf(networkId: string, steamId: string): Promise<string | null> {
    const player = await this.em
      .fork()
      .findOne(PlayerRecord, { networkId, steamId }, { fields: ['currentServerId', 'lastServerId'] });
    return player?.currentServerId ?? player?.lastServerId ?? null;
  }
}
