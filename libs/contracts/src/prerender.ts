// Pages prerendered at build time: the public screens' markup, which the panel puts in the page it
// serves a visitor so that the content paints before any script runs. The shell prerenders its
// frame (header, main) with an outlet, each remote its screens; the panel joins them. The scripts
// then render the page again, as usual, in place of that markup.
import { encodeHtml } from './html';
import { PREMIUM_PRICE_DEFAULT, PREMIUM_SUPPORT_DEFAULT, priceLineParts } from './pricing';
import type { ClientConfig } from './remotes';

/** Where each built app keeps its prerendered markup, beside its files (dist/). */
export const PRERENDER_FILE = 'prerender.json';

/** shell/dist/prerender.json: the frame each public screen renders in, per frame variant. */
export type PrerenderedFrame = { frames: Record<string, Record<string, string>> };
/** A remote's dist/prerender.json: each screen's markup, per client-config variant. */
export type PrerenderedScreens = { screens: Record<string, Record<string, string>> };

/** Stands in the frame where a screen's markup goes. */
export const PRERENDER_OUTLET = '<div data-outpost-outlet=""></div>';

/** The client settings a public page's markup can depend on. */
export type PrerenderConfig = Pick<ClientConfig, 'demo' | 'community' | 'plans' | 'publicStats' | 'pricing'>;

/**
 * The strings a screen's markup can depend on are rendered as these placeholders and filled in
 * when the page is served (plain words, so that no escaping in the markup changes them); the
 * booleans make variants. The price line is two: its figure and the rest, shown apart.
 */
export const PRERENDER_PLACEHOLDERS = {
  communityInviteUrl: 'outpost-prerender-community-invite-url',
  communityWidgetServerId: 'outpost-prerender-community-widget-id',
  premiumPriceFigure: 'outpost-prerender-premium-price-figure',
  premiumPriceRest: 'outpost-prerender-premium-price-rest',
  premiumSupport: 'outpost-prerender-premium-support',
} as const;

const on = (flag: boolean | undefined, name: string): string[] => (flag ? [name] : []);

/** The variant of a screen's markup that matches these settings, e.g. "demo+invite+stats". */
export const prerenderVariant = (config: PrerenderConfig): string =>
  [
    config.demo ? 'demo' : 'no-demo',
    ...on(config.community.inviteUrl !== null, 'invite'),
    ...on(config.community.widgetServerId !== null, 'widget'),
    ...on(config.plans === false, 'no-plans'),
    ...on(config.publicStats === true, 'stats'),
  ].join('+');

/** The frame (header and footer) reads one setting: whether the footer links a community chat. */
export const prerenderFrameVariant = (config: Pick<ClientConfig, 'community'>): string =>
  config.community.inviteUrl === null ? 'no-invite' : 'invite';

const both = [true, false] as const;

/** Every variant, with the settings (placeholders for the strings) a prerender renders it with. */
export const PRERENDER_VARIANTS: readonly PrerenderConfig[] = both.flatMap((demo) =>
  both.flatMap((invite) =>
    both.flatMap((widget) =>
      both.flatMap((plans) =>
        both.map((publicStats) => ({
          demo,
          community: {
            inviteUrl: invite ? PRERENDER_PLACEHOLDERS.communityInviteUrl : null,
            widgetServerId: widget ? PRERENDER_PLACEHOLDERS.communityWidgetServerId : null,
          },
          plans,
          publicStats,
          pricing: {
            premiumPrice: `${PRERENDER_PLACEHOLDERS.premiumPriceFigure} ${PRERENDER_PLACEHOLDERS.premiumPriceRest}`,
            premiumSupport: PRERENDER_PLACEHOLDERS.premiumSupport,
          },
        })),
      ),
    ),
  ),
);

/** One variant of each frame (see prerenderFrameVariant). */
export const PRERENDER_FRAME_VARIANTS: readonly PrerenderConfig[] = PRERENDER_VARIANTS.filter(
  (config) => config.demo && !config.community.widgetServerId && config.plans && !config.publicStats,
);

/** A screen's markup in its frame, with the placeholders filled from the panel's settings. */
export const fillPrerendered = (frame: string, screen: string, config: PrerenderConfig): string => {
  const price = priceLineParts(config.pricing?.premiumPrice ?? PREMIUM_PRICE_DEFAULT);
  const values: Record<keyof typeof PRERENDER_PLACEHOLDERS, string> = {
    communityInviteUrl: config.community.inviteUrl ?? '',
    communityWidgetServerId: encodeURIComponent(config.community.widgetServerId ?? ''),
    premiumPriceFigure: price.figure,
    premiumPriceRest: price.rest,
    premiumSupport: config.pricing?.premiumSupport ?? PREMIUM_SUPPORT_DEFAULT,
  };
  // Replaced by functions: a `$` in a setting must not be read as a replacement pattern.
  let page = frame.replace(PRERENDER_OUTLET, () => screen);
  for (const [name, placeholder] of Object.entries(PRERENDER_PLACEHOLDERS))
    page = page.replaceAll(placeholder, () => encodeHtml(values[name as keyof typeof values]));
  return page;
};
