// Suspicious activity (Premium): the network's weights and thresholds (PUT .../suspicious/settings,
// the weights form), and a review's note. Each field's message names it as the body does
// ("weights.reports"), so the form shows it beside that field.
import {
  SUSPICIOUS_FACTORS,
  SUSPICIOUS_NOTE_MAX,
  SUSPICIOUS_THRESHOLD_LIMITS,
  SUSPICIOUS_WEIGHT_MAX,
  type SuspiciousThresholds,
} from '@outpost/contracts';
import { z } from 'zod';

type ThresholdKey = keyof SuspiciousThresholds;
const THRESHOLD_KEYS = Object.keys(SUSPICIOUS_THRESHOLD_LIMITS) as ThresholdKey[];
/** The z-score is a fraction; the other thresholds count. */
const isWhole = (key: ThresholdKey) => key !== 'zScore';

export const SUSPICIOUS_MESSAGES = {
  weight: (key: string) => `weights.${key} must be a number from 0 to ${SUSPICIOUS_WEIGHT_MAX}`,
  threshold: (key: ThresholdKey) => {
    const { min, max } = SUSPICIOUS_THRESHOLD_LIMITS[key];
    return `thresholds.${key} must be a ${isWhole(key) ? 'whole number' : 'number'} from ${min} to ${max}`;
  },
  weights: 'weights must name every factor with a number',
  thresholds: 'thresholds must name every threshold with a number',
  note: `note must be text of at most ${SUSPICIOUS_NOTE_MAX} characters`,
  steamId: 'steamId must be 17 digits',
} as const;

const weight = (key: string) => {
  const message = SUSPICIOUS_MESSAGES.weight(key);
  return z.number({ error: message }).min(0, message).max(SUSPICIOUS_WEIGHT_MAX, message);
};

const threshold = (key: ThresholdKey) => {
  const { min, max } = SUSPICIOUS_THRESHOLD_LIMITS[key];
  const message = SUSPICIOUS_MESSAGES.threshold(key);
  const number = z.number({ error: message }).min(min, message).max(max, message);
  return isWhole(key) ? number.int(message) : number;
};

/** PUT .../suspicious/settings: every weight and threshold (the form sends them all). */
export const suspiciousSettingsSchema = z.strictObject({
  weights: z.strictObject(
    Object.fromEntries(SUSPICIOUS_FACTORS.map((key) => [key, weight(key)])) as Record<
      (typeof SUSPICIOUS_FACTORS)[number],
      ReturnType<typeof weight>
    >,
    { error: SUSPICIOUS_MESSAGES.weights },
  ),
  thresholds: z.strictObject(
    Object.fromEntries(THRESHOLD_KEYS.map((key) => [key, threshold(key)])) as Record<
      ThresholdKey,
      ReturnType<typeof threshold>
    >,
    { error: SUSPICIOUS_MESSAGES.thresholds },
  ),
});
export type SuspiciousSettingsInput = z.output<typeof suspiciousSettingsSchema>;

/** POST .../dismiss and .../flag: an optional note (a dismissal's reason). */
export const suspiciousReviewSchema = z.strictObject({
  note: z
    .string({ error: SUSPICIOUS_MESSAGES.note })
    .max(SUSPICIOUS_NOTE_MAX, SUSPICIOUS_MESSAGES.note)
    .transform((note) => note.trim() || null)
    .optional(),
});
export type SuspiciousReviewInput = z.output<typeof suspiciousReviewSchema>;

/** The player a review is about (the route's {steamId}). */
export const suspiciousSteamIdSchema = z.string().regex(/^\d{17}$/, SUSPICIOUS_MESSAGES.steamId);
