import { errorsOf, type ErrorTable } from '../../core/http';
import { RULE_MESSAGES } from './dto/rule.schemas';
import { CHANNEL_MESSAGES } from './dto/channel.schemas';
import { ALERTS_QUERY_MESSAGES } from './dto/alerts-query.schema';

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
  unknownServer: { code: 'VALIDATION_FAILED', field: 'serverId', message: RULE_MESSAGES.serverId },
  unknownServerFilter: {
    code: 'VALIDATION_FAILED',
    field: 'serverId',
    message: ALERTS_QUERY_MESSAGES.serverId,
  },
  thresholdRequired: {
    code: 'VALIDATION_FAILED',
    field: 'threshold',
    message: RULE_MESSAGES.thresholdRequired,
  },
  minutesRequired: { code: 'VALIDATION_FAILED', field: 'minutes', message: RULE_MESSAGES.minutesRequired },
  steamIdsRequired: { code: 'VALIDATION_FAILED', field: 'steamIds', message: RULE_MESSAGES.steamIdsRequired },
  watchListFull: { code: 'VALIDATION_FAILED', field: 'steamIds', message: RULE_MESSAGES.steamIdsTooMany },
  networkWide: { code: 'VALIDATION_FAILED', field: 'serverId', message: RULE_MESSAGES.networkWide },
  urlRequired: { code: 'VALIDATION_FAILED', field: 'url', message: CHANNEL_MESSAGES.urlRequired },
  /** The egress policy's refusal (it names the rule), about the channel's URL. */
  urlRefused: { code: 'VALIDATION_FAILED', field: 'url', message: (reason: string) => reason },
  kindStays: { code: 'VALIDATION_FAILED', field: 'kind', message: RULE_MESSAGES.kindStays },
  typeStays: { code: 'VALIDATION_FAILED', field: 'type', message: CHANNEL_MESSAGES.typeStays },
  panelOnce: { code: 'CONFLICT', field: 'type', message: CHANNEL_MESSAGES.panelOnce },
} as const satisfies ErrorTable;

export type AlertErrorCode = keyof typeof ALERT_ERRORS;
export const alertErrors = errorsOf(ALERT_ERRORS);
