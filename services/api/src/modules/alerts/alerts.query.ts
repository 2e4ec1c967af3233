import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Alert, AlertInbox, AlertsResponse } from '@outpost/contracts';
import { encodeLogCursor, type AlertsQueryInput } from '@outpost/validation';
import { NetworkMember } from '../members';
import { GameServer } from '../servers';
import { alertErrors } from './alerts.errors';
import { AlertView } from './alert-view';
import { AlertReadMark } from './entities/alert-read-mark.entity';
import { AlertRecord } from './entities/alert.entity';

/** The bell shows this many of the latest alerts. */
export const INBOX_SIZE = 20;

const NEWEST_FIRST = [{ firedAt: 'desc' }, { id: 'desc' }] as const;

/** The history of a network's alerts, one alert, and the header's bell. */
@Injectable()
export class AlertsQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly view: AlertView,
  ) {}

  async page(networkId: string, filters: AlertsQueryInput): Promise<AlertsResponse> {
    const em = this.em.fork();
    const where: FilterQuery<AlertRecord>[] = [{ networkId }];
    if (filters.serverId) {
      if (!(await em.count(GameServer, { id: filters.serverId, networkId })))
        throw alertErrors.unknownServerFilter();
      where.push({ serverId: filters.serverId });
    }
    if (filters.state) where.push({ state: filters.state });
    const before = filters.before ?? filters.cursor;
    if (before) {
      const { at, id } = before;
      where.push({ $or: [{ firedAt: { $lt: at } }, { firedAt: at, id: { $lt: id } }] });
    }
    const rows = await em.find(
      AlertRecord,
      { $and: where },
      { orderBy: [...NEWEST_FIRST], limit: filters.limit + 1 },
    );
    const alerts = await this.view.many(em, rows.slice(0, filters.limit));
    const last = rows.length > filters.limit ? alerts.at(-1) : undefined;
    return {
      alerts,
      nextCursor: last ? encodeLogCursor({ at: new Date(last.firedAt), id: last.id }) : null,
    };
  }

  async one(networkId: string, alertId: string): Promise<Alert> {
    const em = this.em.fork();
    const alert = await em.findOne(AlertRecord, { id: alertId, networkId });
    if (!alert) throw alertErrors.alertNotFound();
    const [dto] = await this.view.many(em, [alert]);
    return dto;
  }

  /** The latest alerts of the user's networks; unread: fired or reopened after their read mark. */
  async inbox(userId: string): Promise<AlertInbox> {
    const em = this.em.fork();
    const memberships = await em.find(NetworkMember, { userId }, { fields: ['networkId'] });
    if (memberships.length === 0) return { unread: 0, alerts: [] };
    const rows = await em.find(
      AlertRecord,
      { networkId: { $in: memberships.map((m) => m.networkId) } },
      { orderBy: [{ openedAt: 'desc' }, { id: 'desc' }], limit: INBOX_SIZE },
    );
    const mark = await em.findOne(AlertReadMark, { userId });
    const unread = rows.filter((row) => !mark || row.openedAt.getTime() > mark.readAt.getTime()).length;
    return { unread, alerts: await this.view.many(em, rows) };
  }

  /** Everything up to now is read, and every alert there is (one stamped ahead of this clock too). */
  async markRead(userId: string, now: Date): Promise<void> {
    const em = this.em.fork();
    const memberships = await em.find(NetworkMember, { userId }, { fields: ['networkId'] });
    const newest = memberships.length
      ? await em.findOne(
          AlertRecord,
          { networkId: { $in: memberships.map((m) => m.networkId) } },
          { orderBy: { openedAt: 'desc' }, fields: ['openedAt'] },
        )
      : null;
    const readAt = newest && newest.openedAt > now ? newest.openedAt : now;
    await em.upsert(AlertReadMark, { userId, readAt });
  }
}
