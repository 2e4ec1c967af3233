import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { paths, REPORT_STATE_LABELS, type ReportState } from '@outpost/contracts';
import { ButtonStyle, ComponentType, type RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import { InjectConfig, type AppConfig } from '../../core/config';
import { DomainEvents, type ReportChangedEvent } from '../../core/events';
import { ReportRecord } from '../reports';
import { GameServer } from '../servers';
import { DiscordRest, discordFailureText } from './discord-rest';
import { DiscordGuildRecord, DiscordReportMessageRecord } from './discord.entity';

/** What a report message shows. */
export type ReportView = {
  id: string;
  networkId: string;
  serverName: string | null;
  reporterName: string | null;
  targetName: string | null;
  targetSteamId: string | null;
  category: string | null;
  subject: string | null;
  message: string;
  state: ReportState;
};

const COLOURS: Readonly<Record<ReportState, number>> = {
  new: 0xe5484d,
  reviewing: 0xf5a524,
  resolved: 0x30a46c,
  dismissed: 0x8b8d98,
};

/** The message a report is posted as: an embed and the buttons Mark seen, Close, Open in panel. */
export const reportMessage = (
  view: ReportView,
  publicUrl: string,
  changed?: { by: string; state: string },
): RESTPostAPIChannelMessageJSONBody => {
  const open = view.state === 'new' || view.state === 'reviewing';
  const link = view.targetSteamId
    ? `${publicUrl}${paths.playerProfile(view.networkId, view.targetSteamId)}`
    : `${publicUrl}${paths.network(view.networkId)}`;
  return {
    embeds: [
      {
        title:
          `F7 report${view.category ? ` (${view.category})` : ''}: ${view.targetName ?? view.targetSteamId ?? 'unknown player'}`.slice(
            0,
            256,
          ),
        description: [view.subject, view.message].filter(Boolean).join('\n').slice(0, 4000) || undefined,
        color: COLOURS[view.state],
        fields: [
          { name: 'Server', value: (view.serverName ?? '—').slice(0, 1024), inline: true },
          { name: 'Reported by', value: (view.reporterName ?? '—').slice(0, 1024), inline: true },
          { name: 'State', value: REPORT_STATE_LABELS[view.state], inline: true },
        ],
        ...(changed ? { footer: { text: `${changed.state} by ${changed.by}`.slice(0, 2048) } } : {}),
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: 'Mark seen',
            custom_id: `report:seen:${view.id}`,
            disabled: view.state !== 'new',
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Success,
            label: 'Close',
            custom_id: `report:close:${view.id}`,
            disabled: !open,
          },
          { type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open in panel', url: link },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
};

/**
 * Each new F7 report of a network with a reports channel is posted there with its buttons; when the
 * report changes in the panel, the message follows. A press of a button is the interactions' to
 * answer (it changes the report through the reports module, audited as the person).
 */
@Injectable()
export class DiscordReports implements OnModuleInit {
  private readonly logger = new Logger('DiscordReports');
  private readonly publicUrl: string;
  /** Reports whose message an interaction answer updates itself (the next change event skips them). */
  private readonly answered = new Set<string>();

  constructor(
    private readonly em: EntityManager,
    private readonly rest: DiscordRest,
    private readonly events: DomainEvents,
    @InjectConfig() config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/$/, '');
  }

  onModuleInit(): void {
    this.events.on('report.changed', async (event) => {
      try {
        await this.changed(event);
      } catch (error) {
        this.logger.warn(`Report ${event.reportId} not posted: ${discordFailureText(error)}`);
      }
    });
  }

  /**
   * An automation's message to the network's reports channel (its "post to Discord" action):
   * answers what became of it, in words when it could not be posted.
   */
  async post(networkId: string, content: string): Promise<{ posted: true } | { posted: false; why: string }> {
    if (!this.rest.configured) return { posted: false, why: 'The panel’s Discord bot is not configured' };
    const guild = await this.em.fork().findOne(DiscordGuildRecord, { networkId });
    if (!guild) return { posted: false, why: 'The network has no Discord server' };
    if (!guild.reportsChannelId)
      return { posted: false, why: 'The network’s Discord has no reports channel' };
    try {
      await this.rest.createMessage(guild.reportsChannelId, {
        content: content.slice(0, 2000),
        allowed_mentions: { parse: [] },
      });
      return { posted: true };
    } catch (error) {
      return { posted: false, why: discordFailureText(error) };
    }
  }

  /**
   * An interaction's answer is about to update the report's message itself, so the change's own
   * edit is skipped. Answers the undo, for a change that did not happen.
   */
  answering(reportId: string): () => void {
    this.answered.add(reportId);
    return () => this.answered.delete(reportId);
  }

  async viewOf(reportId: string): Promise<ReportView> {
    const em = this.em.fork();
    const report = await em.findOneOrFail(ReportRecord, { id: reportId });
    const server = report.serverId
      ? await em.findOne(GameServer, { id: report.serverId }, { fields: ['name'] })
      : null;
    return {
      id: report.id,
      networkId: report.networkId,
      serverName: server?.name ?? null,
      reporterName: report.reporterName,
      targetName: report.targetName,
      targetSteamId: report.targetSteamId,
      category: report.category,
      subject: report.subject,
      message: report.message ?? '',
      state: report.state,
    };
  }

  private async changed({ networkId, reportId }: ReportChangedEvent): Promise<void> {
    if (!this.rest.configured) return;
    const em = this.em.fork();
    const guild = await em.findOne(DiscordGuildRecord, { networkId });
    if (!guild?.reportsChannelId) return;
    const posted = await em.findOne(DiscordReportMessageRecord, { reportId });
    if (posted) {
      // Answered by a button (its own message update), or not posted yet (its claim still holds
      // no message): nothing to edit.
      if (this.answered.delete(reportId) || posted.messageId === '0') return;
      await this.rest.editMessage(
        posted.channelId,
        posted.messageId,
        reportMessage(await this.viewOf(reportId), this.publicUrl),
      );
      return;
    }
    const view = await this.viewOf(reportId);
    if (view.state !== 'new') return;
    // Claimed first, so two instances (or a retried event) post it once.
    const claimed = em.create(DiscordReportMessageRecord, {
      reportId,
      networkId,
      channelId: guild.reportsChannelId,
      messageId: '0',
    });
    try {
      await em.flush();
    } catch {
      return;
    }
    const message = await this.rest.createMessage(
      guild.reportsChannelId,
      reportMessage(view, this.publicUrl),
    );
    await em.nativeUpdate(
      DiscordReportMessageRecord,
      { reportId: claimed.reportId },
      { messageId: message.id },
    );
  }
}
