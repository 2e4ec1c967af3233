import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DomainEvents,
  type DomainEvent,
  type PlayersMovedEvent,
  type ReportChangedEvent,
  type ServerStatusChangedEvent,
} from '../../core/events';
import { ReportRecord } from '../reports';
import { GameServer } from '../servers';
import { AlertsClock } from './alerts-clock';
import { ChannelsService } from './channels.service';
import { IncidentsService } from './incidents.service';
import { RulesService } from './rules.service';
import { memberJoinedTitle, offlineTitle, onlineTitle, playerJoinedTitle, reportTitle } from './titles';

/** A report counts as new for an alert only this soon after it arrived (not one worked on later). */
const NEW_REPORT_MS = 10 * 60_000;

/**
 * The alerts that follow from what the other modules report (domain events): a server going
 * offline and coming back, a watched player joining, a member joining, a new F7 report; and the
 * default channels of a new network. Whichever instance stores the change sees the event; the
 * incident's keys keep it one alert.
 */
@Injectable()
export class EventTriggers implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly em: EntityManager,
    private readonly rules: RulesService,
    private readonly incidents: IncidentsService,
    private readonly channels: ChannelsService,
    private readonly clock: AlertsClock,
  ) {}

  onModuleInit(): void {
    this.events.on('server.statusChanged', (event) => this.statusChanged(event));
    this.events.on('players.moved', (event) => this.playersMoved(event));
    this.events.on('member.joined', (event) => this.memberJoined(event));
    this.events.on('report.changed', (event) => this.reportChanged(event));
    this.events.on('network.created', ({ networkId }) => this.channels.addDefaults(networkId));
  }

  async statusChanged({
    networkId,
    serverId,
    serverName,
    from,
    to,
    firstReport,
    at,
  }: ServerStatusChangedEvent): Promise<void> {
    const subject = `server:${serverId}`;
    if (to === 'offline') {
      for (const rule of await this.rules.active(networkId, 'server_offline', serverId))
        await this.incidents.fire({
          rule,
          subject,
          serverId,
          serverName,
          title: offlineTitle(serverName),
          at,
        });
      return;
    }
    if (from !== 'offline') return;
    await this.incidents.resolve(networkId, 'server_offline', subject, at);
    // A new server's first report is not a server coming back.
    if (firstReport) return;
    for (const rule of await this.rules.active(networkId, 'server_online', serverId))
      await this.incidents.happened({
        rule,
        subject,
        serverId,
        serverName,
        title: onlineTitle(serverName),
        at,
      });
  }

  async playersMoved({ networkId, serverId, joined }: PlayersMovedEvent): Promise<void> {
    if (joined.length === 0) return;
    const rules = await this.rules.active(networkId, 'player_joins', serverId);
    const watched = rules.flatMap((rule) =>
      joined.filter(({ steamId }) => rule.steamIds.includes(steamId)).map((player) => ({ rule, player })),
    );
    if (watched.length === 0) return;
    const serverName = await this.serverName(serverId);
    const at = this.clock.now();
    for (const { rule, player } of watched)
      await this.incidents.happened({
        rule,
        subject: `player:${player.steamId}`,
        serverId,
        serverName,
        title: playerJoinedTitle(player.name, player.steamId, serverName),
        at,
      });
  }

  async memberJoined({ networkId, networkName, target }: DomainEvent): Promise<void> {
    const at = this.clock.now();
    for (const rule of await this.rules.active(networkId, 'member_joins', null))
      await this.incidents.happened({
        rule,
        subject: `member:${target.id}`,
        serverId: null,
        serverName: null,
        title: memberJoinedTitle(target.name, networkName),
        at,
      });
  }

  async reportChanged({ networkId, serverId, reportId }: ReportChangedEvent): Promise<void> {
    const rules = await this.rules.active(networkId, 'report_created', serverId);
    if (rules.length === 0) return;
    const report = await this.em.fork().findOne(ReportRecord, { id: reportId, networkId });
    const at = this.clock.now();
    // Only a report that just arrived: the same event says a report was worked on.
    if (!report || report.state !== 'new' || at.getTime() - report.receivedAt.getTime() > NEW_REPORT_MS)
      return;
    const serverName = serverId ? await this.serverName(serverId) : 'the network';
    const subject = `report:${reportId}`;
    for (const rule of rules) {
      if (await this.incidents.exists(networkId, rule.id, subject)) continue;
      await this.incidents.happened({
        rule,
        subject,
        serverId,
        serverName: serverId ? serverName : null,
        title: reportTitle(serverName, report.targetName, report.reporterName),
        at,
      });
    }
  }

  private async serverName(serverId: string): Promise<string> {
    const server = await this.em.fork().findOne(GameServer, { id: serverId }, { fields: ['name'] });
    return server?.name ?? 'A server';
  }
}
