import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { PUNISHMENT_KINDS, type PunishmentsResponse } from '@outpost/contracts';
import { encodePunishmentCursor, type PunishmentsQueryInput } from '@outpost/validation';
import { sqlEm } from '../../core/database';
import { CommandsService } from '../commands';
import { banStateSql, dateOf, storedDate } from './ban-rule';
import { sentDeliveries } from './punishment-deliveries';
import { toPunishmentItem, type PunishmentListRow } from './punishment-dto';

/** Whose punishments: a network's, or those that concern one of its servers. */
export type PunishmentScope = { networkId: string; serverId?: string };

type Row = {
  id: string;
  type: PunishmentListRow['type'];
  steam_id: string;
  reason: string;
  issued_by_id: string | null;
  issued_by_name: string | null;
  issued_at: Date | number | string;
  expires_at: Date | number | string | null;
  lifted_at: Date | number | string | null;
  scope: PunishmentListRow['scope'];
  server_id: string | null;
  player_name: string | null;
  server_name: string | null;
};

const maybeDate = (value: Date | number | string | null): Date | null =>
  value === null ? null : dateOf(value);

/** `%` and `_` typed in a search are themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The Punishments list: newest first by (issued_at, id), a page of `limit` older than `before`.
 * A server's list holds what was issued on it and the network bans (they hold there too). One
 * statement; one row past the page says whether an older page exists.
 */
@Injectable()
export class PunishmentsQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly commands: CommandsService,
  ) {}

  /** The statement, for the bench to print beside its timing. */
  build(scope: PunishmentScope, filters: PunishmentsQueryInput, now: Date): Knex.QueryBuilder {
    const em = this.em.fork();
    const knex = sqlEm(em).getKnex();
    const at = storedDate(em, now);
    const query = knex('punishments as p')
      .select(
        'p.id',
        'p.type',
        'p.steam_id',
        'p.reason',
        'p.issued_by_id',
        'p.issued_by_name',
        'p.issued_at',
        'p.expires_at',
        'p.lifted_at',
        'p.scope',
        'p.server_id',
        'pl.display_name as player_name',
        's.name as server_name',
      )
      .leftJoin('players as pl', 'pl.id', 'p.player_id')
      .leftJoin('servers as s', 's.id', 'p.server_id')
      .where('p.network_id', scope.networkId);
    if (scope.serverId) {
      const serverId = scope.serverId;
      query.where((q) =>
        q
          .where('p.server_id', serverId)
          .orWhere((n) => n.where('p.scope', 'network').andWhere('p.type', 'ban')),
      );
    }
    if (filters.kind) query.where('p.type', filters.kind);
    else query.whereIn('p.type', [...PUNISHMENT_KINDS]);
    if (filters.state) {
      const sql = banStateSql('p', filters.state);
      query.whereRaw(sql, sql.includes('?') ? [at] : []);
    }
    if (filters.search) {
      // The players first (their steamId, or a part of their name: the players' own search
      // indexes), then their punishments by player_id: a rare name never walks the whole list.
      const search = filters.search;
      query.whereIn(
        'p.player_id',
        knex('players as m')
          .select('m.id')
          .where('m.network_id', scope.networkId)
          .andWhere((q) =>
            q
              .where('m.steam_id', search)
              .orWhereRaw(`lower(m.display_name) like ? escape '\\'`, [
                `%${likeEscaped(search.toLowerCase())}%`,
              ]),
          ),
      );
    }
    if (filters.before) {
      const before = storedDate(em, filters.before.at);
      const id = filters.before.id;
      query.where((q) =>
        q
          .where('p.issued_at', '<', before)
          .orWhere((same) => same.where('p.issued_at', before).andWhere('p.id', '<', id)),
      );
    }
    return query
      .orderBy([
        { column: 'p.issued_at', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(filters.limit + 1);
  }

  async page(
    scope: PunishmentScope,
    filters: PunishmentsQueryInput,
    now: Date,
  ): Promise<PunishmentsResponse> {
    const rows = (await this.build(scope, filters, now)) as Row[];
    const page = rows.slice(0, filters.limit);
    // What became of the commands each sent: a kick's or warn's one, a ban's on every server.
    const sent = await sentDeliveries(this.em, this.commands, page, now);
    const items = page.map((row) =>
      toPunishmentItem(
        {
          id: row.id,
          type: row.type,
          steamId: row.steam_id,
          reason: row.reason,
          issuedById: row.issued_by_id,
          issuedByName: row.issued_by_name,
          issuedAt: dateOf(row.issued_at),
          expiresAt: maybeDate(row.expires_at),
          liftedAt: maybeDate(row.lifted_at),
          scope: row.scope,
          serverId: row.server_id,
          playerName: row.player_name,
          serverName: row.server_name,
        },
        now,
        sent.get(row.id),
      ),
    );
    const last = items.at(-1);
    return {
      punishments: items,
      nextCursor:
        rows.length > filters.limit && last
          ? encodePunishmentCursor({ at: new Date(last.issuedAt), id: last.id })
          : null,
    };
  }
}
