import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { ALERT_LIMITS, type AlertRule, type AlertRuleKind } from '@outpost/contracts';
import type { CreateAlertRuleInput, UpdateAlertRuleInput } from '@outpost/validation';
import { GameServer } from '../servers';
import { Network } from '../tenancy';
import { AlertsClock } from './alerts-clock';
import { alertErrors } from './alerts.errors';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertRuleRecord } from './entities/alert-rule.entity';
import { IncidentsService } from './incidents.service';
import { checkedRule, type RuleShape } from './rule-checks';
import { toRuleDto } from './rule-dto';
import { settingsKindOf, settingsRulesOf } from './settings-rules';

/** What a rule watches, as a key to compare: its channels are not part of it. */
const watchKeyOf = (rule: RuleShape & { enabled: boolean }): string =>
  JSON.stringify([rule.serverId, rule.threshold, rule.minutes, rule.steamIds, rule.enabled]);

/**
 * A network's rules: the settings' two toggles (read from the network) and the rules added here.
 * Who may call is the routes' (alerts.manage to change, network.view to read).
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly em: EntityManager,
    private readonly incidents: IncidentsService,
    private readonly clock: AlertsClock,
  ) {}

  /** The settings' rules first, then the others oldest first. */
  async list(networkId: string): Promise<AlertRule[]> {
    const em = this.em.fork();
    const network = await em.findOneOrFail(Network, { id: networkId });
    const rules = await em.find(AlertRuleRecord, { networkId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return [...settingsRulesOf(network), ...rules.map(toRuleDto)];
  }

  /** Enabled rules of `kind` that apply to `serverId` (network-wide ones too), the settings' included. */
  async active(networkId: string, kind: AlertRuleKind, serverId: string | null): Promise<AlertRule[]> {
    return (await this.list(networkId)).filter(
      (rule) => rule.kind === kind && rule.enabled && (rule.serverId === null || rule.serverId === serverId),
    );
  }

  async create(networkId: string, input: CreateAlertRuleInput): Promise<AlertRule> {
    const em = this.em.fork();
    const serverId = await this.serverOf(em, networkId, input.serverId ?? null);
    const shape = checkedRule({
      kind: input.kind,
      serverId,
      threshold: input.threshold ?? null,
      minutes: input.minutes ?? null,
      steamIds: input.steamIds ?? [],
    });
    const channelIds = await this.channelsOf(em, networkId, input.channelIds ?? null);
    const rule = em.create(AlertRuleRecord, {
      networkId,
      ...shape,
      channelIds,
      enabled: input.enabled ?? true,
      armedAt: this.clock.now(),
    });
    await em.flush();
    return toRuleDto(rule);
  }

  async update(networkId: string, ruleId: string, input: UpdateAlertRuleInput): Promise<AlertRule> {
    const em = this.em.fork();
    const rule = await this.find(em, networkId, ruleId);
    if (input.kind !== undefined && input.kind !== rule.kind) throw alertErrors.kindStays();
    const serverId =
      input.serverId === undefined ? rule.serverId : await this.serverOf(em, networkId, input.serverId);
    const shape = checkedRule({
      kind: rule.kind,
      serverId,
      threshold: input.threshold === undefined ? rule.threshold : input.threshold,
      minutes: input.minutes === undefined ? rule.minutes : input.minutes,
      steamIds: input.steamIds ?? rule.steamIds,
    });
    const channelIds =
      input.channelIds === undefined
        ? rule.channelIds
        : await this.channelsOf(em, networkId, input.channelIds);
    const watching = { ...shape, kind: rule.kind, enabled: input.enabled ?? rule.enabled };
    const changed = watchKeyOf(watching) !== watchKeyOf(rule);
    em.assign(rule, { ...watching, channelIds, ...(changed ? { armedAt: this.clock.now() } : {}) });
    await em.flush();
    // What it watches changed: its open alerts end (without a message), and a threshold rule
    // waits its minutes again from now. A change of channels alone leaves both be.
    if (changed) await this.incidents.closeRule(networkId, rule.id);
    return toRuleDto(rule);
  }

  async remove(networkId: string, ruleId: string): Promise<void> {
    const em = this.em.fork();
    const rule = await this.find(em, networkId, ruleId);
    await this.incidents.closeRule(networkId, rule.id);
    em.remove(rule);
    await em.flush();
  }

  /** The watch list: the steamIds of the network-wide watched-player rules. */
  async watched(networkId: string): Promise<string[]> {
    const rules = await this.watchRules(this.em.fork(), networkId);
    return [...new Set(rules.flatMap((rule) => rule.steamIds))];
  }

  /** Adds a player to the watch list (the oldest network-wide watched-player rule, made if none). */
  async watch(networkId: string, steamId: string): Promise<string[]> {
    const em = this.em.fork();
    const rules = await this.watchRules(em, networkId);
    if (!rules.some((rule) => rule.steamIds.includes(steamId))) {
      const [rule] = rules;
      if (!rule) em.create(AlertRuleRecord, { networkId, kind: 'player_joins', steamIds: [steamId] });
      else if (rule.steamIds.length >= ALERT_LIMITS.watchedPlayers) throw alertErrors.watchListFull();
      else rule.steamIds = [...rule.steamIds, steamId];
      await em.flush();
    }
    return this.watched(networkId);
  }

  /** Takes a player off the watch list; a rule left with nobody to watch goes. */
  async unwatch(networkId: string, steamId: string): Promise<string[]> {
    const em = this.em.fork();
    for (const rule of await this.watchRules(em, networkId)) {
      if (!rule.steamIds.includes(steamId)) continue;
      rule.steamIds = rule.steamIds.filter((id) => id !== steamId);
      if (rule.steamIds.length === 0) em.remove(rule);
    }
    await em.flush();
    return this.watched(networkId);
  }

  private watchRules(em: EntityManager, networkId: string): Promise<AlertRuleRecord[]> {
    return em.find(
      AlertRuleRecord,
      { networkId, kind: 'player_joins', serverId: null },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  private async find(em: EntityManager, networkId: string, ruleId: string): Promise<AlertRuleRecord> {
    const kind = settingsKindOf(networkId, ruleId);
    if (kind) throw alertErrors.settingsRule(kind);
    const rule = await em.findOne(AlertRuleRecord, { id: ruleId, networkId });
    if (!rule) throw alertErrors.ruleNotFound();
    return rule;
  }

  /** The chosen channels when each is one of the network's (null: all, stored empty), else the 400. */
  private async channelsOf(
    em: EntityManager,
    networkId: string,
    channelIds: readonly string[] | null,
  ): Promise<string[]> {
    if (channelIds === null) return [];
    const chosen = [...new Set(channelIds)];
    const found = await em.count(AlertChannelRecord, { networkId, id: { $in: chosen } });
    if (found !== chosen.length) throw alertErrors.unknownChannel();
    return chosen;
  }

  /** The server id when it is one of the network's (null stays null), else the 400. */
  private async serverOf(
    em: EntityManager,
    networkId: string,
    serverId: string | null,
  ): Promise<string | null> {
    if (serverId === null) return null;
    const server = await em.findOne(GameServer, { id: serverId, networkId }, { fields: ['id'] });
    if (!server) throw alertErrors.unknownServer();
    return server.id;
  }
}
