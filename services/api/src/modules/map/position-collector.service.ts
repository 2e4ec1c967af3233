import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MAP_POSITION_INTERVAL_SECONDS, MAP_TRAIL_MINUTES } from '@outpost/contracts';
import { PeriodicFlush } from '../../core/concurrency';
import { DomainEvents, type ServerPositionsEvent } from '../../core/events';
import { LiveBus } from '../../core/live';
import { NetworkPlans } from '../plans';
import { insertPositions, upsertWorlds, type PositionRow, type WorldRow } from './map-writer';

/** How often each instance writes what it gathered. */
export const MAP_FLUSH_INTERVAL_MS = 5_000;
/** How long a network's plan is trusted before the live positions ask for it again. */
const PLAN_CACHE_MS = 30_000;
const KEEP_MS = MAP_POSITION_INTERVAL_SECONDS * 1000;
/** A little under the interval: a heartbeat that comes a few ms early still leaves its point. */
const KEEP_SLACK_MS = 500;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Gathers where each server's players stand (`server.positions`, every stored heartbeat) in
 * memory, and writes it every few seconds and at shutdown: each server's latest world and roster
 * (one upsert, the newest report wins across instances) and, per player, at most one trail point
 * per 10 s. The heartbeat waits for none of it. Also publishes `map.positions` on the live stream
 * for networks whose plan has the live map (the plan asked at most every 30 s per network).
 */
@Injectable()
export class PositionCollector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MapPositions');
  private worlds = new Map<string, WorldRow>();
  private points: PositionRow[] = [];
  /** When each player's last trail point was kept here, by `serverId steamId`. */
  private readonly lastKept = new Map<string, number>();
  private readonly plans = new Map<string, { premium: boolean; until: number }>();
  private unsubscribe: (() => void) | null = null;
  private readonly flusher = new PeriodicFlush(() => this.write(), MAP_FLUSH_INTERVAL_MS);

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly bus: LiveBus,
    private readonly networkPlans: NetworkPlans,
  ) {}

  onApplicationBootstrap(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.events.on('server.positions', (event) => this.add(event));
    this.flusher.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flusher.stop();
  }

  /** One heartbeat's positions: kept in memory, published live. Never waits for the database. */
  add(event: ServerPositionsEvent): void {
    const at = event.at.getTime();
    const players: WorldRow['players'] = [];
    for (const { steamId, name, position } of event.players) {
      if (!position || !Number.isFinite(position.x) || !Number.isFinite(position.z)) continue;
      const x = round(position.x);
      const z = round(position.z);
      players.push({ steamId, name, x, z });
      const key = `${event.serverId} ${steamId}`;
      const last = this.lastKept.get(key);
      if (last === undefined || at - last >= KEEP_MS - KEEP_SLACK_MS || at < last) {
        this.lastKept.set(key, at);
        this.points.push({ serverId: event.serverId, steamId, at, x, z });
      }
    }
    const previous = this.worlds.get(event.serverId);
    if (!previous || previous.reportedAt <= at)
      this.worlds.set(event.serverId, {
        serverId: event.serverId,
        networkId: event.networkId,
        worldSize: event.worldSize ?? previous?.worldSize ?? null,
        seed: event.seed ?? previous?.seed ?? null,
        mapName: event.map ?? previous?.mapName ?? null,
        reportedAt: at,
        players,
      });
    if (players.length > 0) void this.publish(event, players);
  }

  private async publish(event: ServerPositionsEvent, players: WorldRow['players']): Promise<void> {
    if (!(await this.isPremium(event.networkId))) return;
    this.bus.publish({
      type: 'map.positions',
      networkId: event.networkId,
      serverId: event.serverId,
      worldSize: event.worldSize,
      at: event.at.toISOString(),
      players,
    });
  }

  private async isPremium(networkId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.plans.get(networkId);
    if (cached && cached.until > now) return cached.premium;
    const premium = (await this.networkPlans.planOf(networkId)) === 'premium';
    this.plans.set(networkId, { premium, until: now + PLAN_CACHE_MS });
    return premium;
  }

  /** Writes what was gathered; one flush at a time (a second waits for the first, then runs). */
  async flush(): Promise<void> {
    await this.flusher.flush();
  }

  private async write(): Promise<void> {
    const worlds = [...this.worlds.values()];
    const points = this.points;
    this.worlds = new Map();
    this.points = [];
    this.forgetOld();
    if (worlds.length === 0 && points.length === 0) return;
    try {
      await this.em.fork().transactional(async (em) => {
        await upsertWorlds(em, worlds);
        await insertPositions(em, points);
      });
    } catch (error) {
      // Nothing was written (one transaction): kept for the next flush, newer reports first.
      for (const world of worlds)
        if (!this.worlds.has(world.serverId)) this.worlds.set(world.serverId, world);
      this.points = [...points, ...this.points];
      this.logger.warn(`Map positions not written yet (${points.length} kept): ${String(error)}`);
    }
  }

  /** Players gone for longer than the trails are forgotten (the map stays bounded). */
  private forgetOld(): void {
    const before = Date.now() - MAP_TRAIL_MINUTES * 60_000;
    for (const [key, at] of this.lastKept) if (at < before) this.lastKept.delete(key);
  }
}
