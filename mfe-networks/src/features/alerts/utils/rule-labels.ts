import type { AlertChannelType, AlertRule, AlertRuleKind } from '@outpost/contracts';

/** Each kind as the kind select and the rules list name it. */
export const RULE_KIND_LABELS: Readonly<Record<AlertRuleKind, string>> = {
  server_offline: 'Server goes offline',
  server_online: 'Server comes back online',
  players_above: 'Players above a number',
  players_below: 'Players below a number',
  fps_below: 'FPS below a number',
  player_joins: 'A watched player joins',
  member_joins: 'A new member joins the network',
  report_created: 'A player sends an F7 report',
};

export const CHANNEL_TYPE_LABELS: Readonly<Record<AlertChannelType, string>> = {
  email: 'E-mail',
  discord: 'Discord webhook',
  webhook: 'Webhook (signed JSON)',
  panel: 'In the panel (the bell)',
};

const minutesText = (minutes: number | null) => `${minutes ?? 0} minute${minutes === 1 ? '' : 's'}`;

/** What a rule watches, in one line: "More than 80 players for 10 minutes". */
export const describeRule = (
  rule: Pick<AlertRule, 'kind' | 'threshold' | 'minutes' | 'steamIds'>,
): string => {
  switch (rule.kind) {
    case 'players_above':
      return `More than ${rule.threshold} players for ${minutesText(rule.minutes)}`;
    case 'players_below':
      return `Fewer than ${rule.threshold} players for ${minutesText(rule.minutes)}`;
    case 'fps_below':
      return `FPS below ${rule.threshold} for ${minutesText(rule.minutes)}`;
    case 'player_joins': {
      const count = rule.steamIds.length;
      return `A watched player joins (${count} player${count === 1 ? '' : 's'} watched)`;
    }
    default:
      return RULE_KIND_LABELS[rule.kind];
  }
};

/** Where a rule applies: its server's name, or every server. */
export const ruleScope = (
  rule: Pick<AlertRule, 'serverId'>,
  serverName: (id: string) => string | undefined,
) => (rule.serverId === null ? 'All servers' : (serverName(rule.serverId) ?? 'A removed server'));

/** Where a rule's alerts go: "Sends to every channel", or the channels it names. */
export const ruleChannels = (
  rule: Pick<AlertRule, 'channelIds'>,
  channelName: (id: string) => string | undefined,
): string =>
  rule.channelIds === null
    ? 'Sends to every channel'
    : `Sends to ${rule.channelIds.map((id) => channelName(id) ?? 'a removed channel').join(', ')}`;
