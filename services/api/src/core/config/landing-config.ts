import { PREMIUM_PRICE_DEFAULT, PREMIUM_SUPPORT_DEFAULT, PRICING_LINE_MAX_LENGTH } from '@outpost/contracts';
import { z } from 'zod';
import type { ConfigDoc } from './config-doc';

// What the public pages say about this panel (its pricing, its figures): read apart, like the
// identity settings, so each setting and its words live beside each other.

const LINE_MESSAGE = `must be one line of at most ${PRICING_LINE_MAX_LENGTH} characters`;

/** A card's line: one line of text, short enough for a phone. */
const cardLine = z
  .string()
  .refine((value) => value.length <= PRICING_LINE_MAX_LENGTH && !/[\r\n]/.test(value), LINE_MESSAGE);

export const landingEnvSchema = z.object({
  PUBLIC_STATS: z
    .enum(['true', 'false', '1', '0', 'on', 'off'], 'must be on or off')
    .transform((v) => v === 'true' || v === '1' || v === 'on')
    .optional(),
  PREMIUM_PRICE: cardLine.optional(),
  PREMIUM_SUPPORT: cardLine.optional(),
});

/** What the landing page and /plan show of the panel, as the shell reads it in /client.json. */
export type LandingConfig = {
  /** PUBLIC_STATS: the landing page shows this panel's live totals (networks, servers, players). */
  readonly publicStats: boolean;
  /** PREMIUM_PRICE and PREMIUM_SUPPORT; null: the specification's lines. */
  readonly pricing: { readonly premiumPrice: string | null; readonly premiumSupport: string | null };
};

export const landingConfigOf = (vars: z.output<typeof landingEnvSchema>): LandingConfig => ({
  publicStats: vars.PUBLIC_STATS ?? false,
  pricing: { premiumPrice: vars.PREMIUM_PRICE ?? null, premiumSupport: vars.PREMIUM_SUPPORT ?? null },
});

export const LANDING_CONFIG_DOCS: readonly ConfigDoc[] = [
  {
    name: 'PUBLIC_STATS',
    default: 'off',
    description:
      "on: the landing page shows this panel's live totals (networks, servers, players tracked and online) to every visitor, and GET /api/public/stats answers them; off: neither does.",
  },
  {
    name: 'PREMIUM_PRICE',
    default: PREMIUM_PRICE_DEFAULT,
    description: `The price line of the Premium card on the landing page and /plan, its first word shown large (e.g. "€4.99 per month"; one line, at most ${PRICING_LINE_MAX_LENGTH} characters).`,
  },
  {
    name: 'PREMIUM_SUPPORT',
    default: PREMIUM_SUPPORT_DEFAULT,
    description: `The support line of the Premium card (e.g. "Support on our chat within a day"; one line, at most ${PRICING_LINE_MAX_LENGTH} characters).`,
  },
];
