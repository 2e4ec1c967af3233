import {
  SUSPICIOUS_FACTORS,
  SUSPICIOUS_NOTE_MAX,
  SUSPICIOUS_THRESHOLD_LIMITS,
  SUSPICIOUS_WEIGHT_MAX,
  type SuspiciousThresholds,
} from '@outpost/contracts';
import { z } from 'zod';

const weight = (key: string) => {
  const message = `weights.${key} must be a number from 0 to ${SUSPICIOUS_WEIGHT_MAX}`;
  return z.number({ error: message }).min(0, message).max(SUSPICIOUS_WEIGHT_MAX, message);
};

const threshold = (key: keyof SuspiciousThresholds) => {
  const { min, max } = SUSPICIOUS_THRESHOLD_LIMITS[key];
  const whole = key !== 'zScore';
  const message = `thresholds.${key} must be a ${whole ? 'whole number' : 'number'} from ${min} to ${max}`;
  const number = z.number({ error: message }).min(min, message).max(max, message);
  return whole ? number.int(message) : number;
};

/** PUT .../suspicious/settings: every weight and threshold (the form sends them all). */
export const suspiciousSettingsSchema = z.strictObject({
  weights: z.strictObject(
    Object.fromEntries(SUSPICIOUS_FACTORS.map((key) => [key, weight(key)])) as Record<
      (typeof SUSPICIOUS_FACTORS)[number],
      ReturnType<typeof weight>
    >,
    { error: 'weights must name every factor with a number' },
  ),
  thresholds: z.strictObject(
    Object.fromEntries(
      (Object.keys(SUSPICIOUS_THRESHOLD_LIMITS) as (keyof SuspiciousThresholds)[]).map((key) => [
        key,
        threshold(key),
      ]),
    ) as Record<keyof SuspiciousThresholds, ReturnType<typeof threshold>>,
    { error: 'thresholds must name every threshold with a number' },
  ),
});
export type SuspiciousSettingsInput = z.output<typeof suspiciousSettingsSchema>;

const NOTE_MESSAGE = `note must be text of at most ${SUSPICIOUS_NOTE_MAX} characters`;
/** POST .../dismiss and .../flag: an optional note (a dismissal's reason). */
export const suspiciousReviewSchema = z.strictObject({
  note: z
    .string({ error: NOTE_MESSAGE })
    .max(SUSPICIOUS_NOTE_MAX, NOTE_MESSAGE)
    .transform((note) => note.trim() || null)
    .optional(),
});
export type SuspiciousReviewInput = z.output<typeof suspiciousReviewSchema>;

const STEAM_ID_MESSAGE = 'steamId must be 17 digits';
export const steamIdParamSchema = z.string().regex(/^\d{17}$/, STEAM_ID_MESSAGE);
