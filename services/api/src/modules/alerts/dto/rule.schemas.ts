// The bodies of the rule routes. Kind-specific fields (a threshold and minutes, a watch list) are
// checked against the rule as it will be stored (rule-checks.ts), so PATCH judges the whole rule.
import { ALERT_LIMITS, ALERT_RULE_KINDS } from '@outpost/contracts';
import { enabledField, first, numberOrNull, patchBody, text } from './fields';
import { z } from 'zod';

const { threshold, minutes, watchedPlayers } = ALERT_LIMITS;

export const RULE_MESSAGES = {
  kind: `Kind must be one of ${ALERT_RULE_KINDS.join(', ')}`,
  serverId: 'Server must be one of this network’s servers, or null for all of them',
  threshold: `Threshold must be a number from ${threshold.min} to ${threshold.max}`,
  thresholdRequired: 'Threshold is required for this kind of rule',
  minutes: `Minutes must be a whole number from ${minutes.min} to ${minutes.max}`,
  minutesRequired: 'Minutes is required for this kind of rule',
  steamIds: 'Each steamId must be a SteamID64 (17 digits)',
  steamIdsRequired: 'A watched-player rule needs at least one steamId',
  steamIdsTooMany: `A watch list holds at most ${watchedPlayers} players`,
  enabled: 'Enabled must be true or false',
  networkWide: 'This kind of rule is about the whole network: serverId must be null',
  nothingToChange: 'Send at least one of serverId, threshold, minutes, steamIds or enabled',
  steamId: 'The steamId must be a SteamID64 (17 digits)',
  kindStays: 'The kind of a rule cannot change: add a rule of the other kind',
} as const;

export const steamIdSchema = text(RULE_MESSAGES.steamId).regex(/^\d{17}$/, first(RULE_MESSAGES.steamId));

const serverIdSchema = z
  .union([text(RULE_MESSAGES.serverId).trim().min(1, first(RULE_MESSAGES.serverId)).max(36), z.null()], {
    error: RULE_MESSAGES.serverId,
  })
  .optional();
const thresholdSchema = numberOrNull(threshold, RULE_MESSAGES.threshold);
const minutesSchema = numberOrNull(minutes, RULE_MESSAGES.minutes, true);
const steamIdsSchema = z
  .array(z.string({ error: RULE_MESSAGES.steamIds }).regex(/^\d{17}$/, { error: RULE_MESSAGES.steamIds }), {
    error: RULE_MESSAGES.steamIds,
  })
  .max(watchedPlayers, { error: RULE_MESSAGES.steamIdsTooMany })
  .optional();
const enabledSchema = enabledField(RULE_MESSAGES.enabled);

/** POST /api/networks/{id}/alert-rules (AlertRuleInput). */
export const createRuleSchema = z.strictObject({
  serverId: serverIdSchema,
  kind: z.enum(ALERT_RULE_KINDS, { error: RULE_MESSAGES.kind }),
  threshold: thresholdSchema,
  minutes: minutesSchema,
  steamIds: steamIdsSchema,
  enabled: enabledSchema,
});
export type CreateRuleInput = z.output<typeof createRuleSchema>;

/** PATCH /api/networks/{id}/alert-rules/{ruleId}: the kind stays (sent, it must be the rule's). */
export const updateRuleSchema = patchBody(
  {
    kind: z.enum(ALERT_RULE_KINDS, { error: RULE_MESSAGES.kind }).optional(),
    serverId: serverIdSchema,
    threshold: thresholdSchema,
    minutes: minutesSchema,
    steamIds: steamIdsSchema,
    enabled: enabledSchema,
  },
  RULE_MESSAGES.nothingToChange,
);
export type UpdateRuleInput = z.output<typeof updateRuleSchema>;
