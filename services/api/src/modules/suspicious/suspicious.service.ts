import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import {
  SUSPICIOUS_LIST_MAX,
  type SuspiciousList,
  type SuspiciousPlayer,
  type SuspiciousReview,
  type SuspiciousReviewState,
  type SuspiciousSettings,
} from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../core/auth';
import { sqlEm } from '../../core/database';
import { DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import { hasNewEvidence, markOf, populationsOf, scoreOf, scorePlayer, type EvidenceMark } from './factors';
import { gatherFacts, msOf, type SuspiciousScope } from './suspicious-facts';
import { readSettings, writeSettings } from './suspicious-settings';
import { suspiciousErrors } from './suspicious.errors';

type ReviewRow = {
  steam_id: string;
  state: SuspiciousReviewState;
  note: string | null;
  by_name: string;
  at: unknown;
  evidence: string;
};

/**
 * The score is computed when it is read, from the rows the events already wrote (reports, kills,
 * joins, bans, and the violations this module records as console lines arrive): it is always as
 * new as the last event, and costs well under a second for 10,000 players (bench/suspicious-score).
 */
@Injectable()
export class SuspiciousService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  async list(scope: SuspiciousScope, viewIp: boolean, now = Date.now()): Promise<SuspiciousList> {
    const knex = this.knex();
    const settings = await readSettings(knex, scope.networkId);
    const facts = await gatherFacts(knex, scope, settings, now, (date) => this.stored(date));
    const reviews = await this.reviews(knex, scope.networkId);
    const all = [...facts.values()];
    const populations = populationsOf(all);
    const context = { now, viewIp };
    // Everyone is scored from the factors' values alone; only those listed are explained.
    const ranked: { facts: (typeof all)[number]; score: number; review: SuspiciousReview | null }[] = [];
    for (const player of all) {
      const score = scoreOf(player, settings, populations, context);
      const row = reviews.get(player.steamId);
      const review = (row && this.reviewOf(row, markOf(player, score), !scope.serverId)) ?? null;
      if (score <= 0 && review?.state !== 'flagged') continue;
      ranked.push({ facts: player, score, review });
    }
    const dismissed = (entry: (typeof ranked)[number]) => Number(entry.review?.state === 'dismissed');
    ranked.sort(
      (a, b) =>
        dismissed(a) - dismissed(b) || b.score - a.score || a.facts.steamId.localeCompare(b.facts.steamId),
    );
    return {
      players: ranked.slice(0, SUSPICIOUS_LIST_MAX).map(({ facts: player, review }) => ({
        steamId: player.steamId,
        name: player.name,
        ...scorePlayer(player, settings, populations, context),
        review,
      })),
      scored: all.length,
      population: populations,
      settings,
      scoredAt: new Date(now).toISOString(),
    };
  }

  settings(networkId: string): Promise<SuspiciousSettings> {
    return readSettings(this.knex(), networkId);
  }

  async updateSettings(
    user: AuthUser,
    networkId: string,
    settings: SuspiciousSettings,
  ): Promise<SuspiciousSettings> {
    const knex = this.knex();
    const before = await readSettings(knex, networkId);
    await writeSettings(knex, networkId, settings, Date.now());
    const network = await this.em.fork().findOneOrFail(Network, { id: networkId });
    await this.events.publish(user, {
      action: 'suspicious.settingsChanged',
      networkId,
      networkName: network.name,
      target: { type: 'network', id: networkId, name: network.name },
      details: { from: before, to: settings },
    });
    return settings;
  }

  /**
   * Dismisses or flags a player of the network (the latest review replaces the one before). A
   * dismissal keeps what the network-wide score rested on, and lapses when any of it grows.
   */
  async review(
    user: AuthUser,
    networkId: string,
    steamId: string,
    state: SuspiciousReviewState,
    note: string | null,
  ): Promise<SuspiciousPlayer> {
    const now = Date.now();
    const knex = this.knex();
    const settings = await readSettings(knex, networkId);
    const facts = await gatherFacts(knex, { networkId }, settings, now, (date) => this.stored(date));
    const player = facts.get(steamId);
    if (!player) throw suspiciousErrors.playerNotFound();
    const { score, factors } = scorePlayer(player, settings, populationsOf([...facts.values()]), {
      now,
      viewIp: false,
    });
    const row = {
      network_id: networkId,
      steam_id: steamId,
      state,
      note,
      by_id: user.id,
      by_name: user.name.trim() || user.email,
      at: now,
      score,
      evidence: JSON.stringify(markOf(player, score)),
    };
    await knex('suspicious_reviews')
      .insert({ id: randomUUID(), ...row })
      .onConflict(['network_id', 'steam_id'])
      .merge(['state', 'note', 'by_id', 'by_name', 'at', 'score', 'evidence']);
    const network = await this.em.fork().findOneOrFail(Network, { id: networkId });
    await this.events.publish(user, {
      action: state === 'dismissed' ? 'player.suspicionDismissed' : 'player.suspicionFlagged',
      networkId,
      networkName: network.name,
      target: { type: 'player', id: steamId, name: player.name },
      details: { note, score },
    });
    return {
      steamId,
      name: player.name,
      score,
      factors,
      review: { state, note, byName: row.by_name, at: new Date(now).toISOString() },
    };
  }

  private async reviews(knex: Knex, networkId: string): Promise<Map<string, ReviewRow>> {
    const rows = (await knex('suspicious_reviews')
      .select('steam_id', 'state', 'note', 'by_name', 'at', 'evidence')
      .where('network_id', networkId)) as ReviewRow[];
    return new Map(rows.map((row) => [row.steam_id, row]));
  }

  /** The review as shown, or null when a dismissal met new evidence. */
  private reviewOf(row: ReviewRow, current: EvidenceMark, compareScore: boolean): SuspiciousReview | null {
    if (
      row.state === 'dismissed' &&
      hasNewEvidence(JSON.parse(row.evidence) as EvidenceMark, current, compareScore)
    )
      return null;
    return {
      state: row.state,
      note: row.note,
      byName: row.by_name,
      at: new Date(msOf(Number(row.at))).toISOString(),
    };
  }

  private knex(): Knex {
    return sqlEm(this.em).getKnex();
  }

  private stored(date: Date): Date | number {
    return this.em.getPlatform().processDateProperty(date) as Date | number;
  }
}
