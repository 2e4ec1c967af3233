import {
  ALERT_CHANNEL_MESSAGES,
  ALERT_RULE_MESSAGES,
  ALERT_RULE_PROBLEMS,
  ALERTS_QUERY_MESSAGES,
  type AlertRuleProblem,
} from '@outpost/validation';
import { errorsOf, type ErrorTable } from '../../core/http';

/** What a rule's kind asks of its other fields, answered as the form says it. */
const ruleProblem = <P extends AlertRuleProblem>(problem: P) =>
  ({
    code: 'VALIDATION_FAILED',
    field: ALERT_RULE_PROBLEMS[problem],
    message: ALERT_RULE_MESSAGES[problem],
  }) as const;

const SETTINGS_TOGGLE = {
  server_offline: 'Server offline alerts',
  member_joins: 'New member joins',
} as const;

export const ALERT_ERRORS = {
  ruleNotFound: { code: 'NOT_FOUND', message: 'Alert rule not found' },
  channelNotFound: { code: 'NOT_FOUND', message: 'Alert channel not found' },
  alertNotFound: { code: 'NOT_FOUND', message: 'Alert not found' },
  /** The settings' toggles are rules shown here; the network settings change them (owner). */
  settingsRule: {
    code: 'CONFLICT',
    message: (kind: keyof typeof SETTINGS_TOGGLE) =>
      `This rule is the network settings’ “${SETTINGS_TOGGLE[kind]}” toggle: the owner turns it on or off in the network’s Settings tab`,
  },
  unknownServer: { code: 'VALIDATION_FAILED', field: 'serverId', message: ALERT_RULE_MESSAGES.serverId },
  unknownServerFilter: {
    code: 'VALIDATION_FAILED',
    field: 'serverId',
    message: ALERTS_QUERY_MESSAGES.serverId,
  },
  unknownChannel: {
    code: 'VALIDATION_FAILED',
    field: 'channelIds',
    message: ALERT_RULE_MESSAGES.unknownChannel,
  },
  thresholdRequired: ruleProblem('thresholdRequired'),
  minutesRequired: ruleProblem('minutesRequired'),
  steamIdsRequired: ruleProblem('steamIdsRequired'),
  watchListFull: {
    code: 'VALIDATION_FAILED',
    field: 'steamIds',
    message: ALERT_RULE_MESSAGES.steamIdsTooMany,
  },
  networkWide: ruleProblem('networkWide'),
  urlRequired: { code: 'VALIDATION_FAILED', field: 'url', message: ALERT_CHANNEL_MESSAGES.urlRequired },
  discordUrl: { code: 'VALIDATION_FAILED', field: 'url', message: ALERT_CHANNEL_MESSAGES.discordUrl },
  /** The egress policy's refusal (it names the rule), about the channel's URL. */
  urlRefused: { code: 'VALIDATION_FAILED', field: 'url', message: (reason: string) => reason },
  kindStays: { code: 'VALIDATION_FAILED', field: 'kind', message: ALERT_RULE_MESSAGES.kindStays },
  typeStays: { code: 'VALIDATION_FAILED', field: 'type', message: ALERT_CHANNEL_MESSAGES.typeStays },
  panelOnce: { code: 'CONFLICT', field: 'type', message: ALERT_CHANNEL_MESSAGES.panelOnce },
} as const satisfies ErrorTable;

export type AlertErrorCode = keyof typeof ALERT_ERRORS;
export const alertErrors = errorsOf(ALERT_ERRORS);
