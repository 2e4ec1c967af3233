// Pages prerendered at build time: the public screens' markup, which the panel puts in the page it
// serves a visitor so that the content paints before any script runs. The shell prerenders its
// frame (header, main) with an outlet, each remote its screens; the panel joins them. The scripts
// then render the page again, as usual, in place of that markup.
import { encodeHtml } from './html';
import type { ClientConfig } from './remotes';

/** Where each built app keeps its prerendered markup, beside its files (dist/). */
export const PRERENDER_FILE = 'prerender.json';

/** shell/dist/prerender.json: the frame each public screen renders in, as a visitor sees it. */
export type PrerenderedFrame = { frames: Record<string, string> };
/** A remote's dist/prerender.json: each screen's markup, per client-config variant. */
export type PrerenderedScreens = { screens: Record<string, Record<string, string>> };

/** Stands in the frame where a screen's markup goes. */
export const PRERENDER_OUTLET = '<div data-outpost-outlet=""></div>';

/**
 * The client settings a screen's markup can depend on. The booleans make variants; the strings
 * are rendered as these placeholders and filled in when the page is served (plain words, so that
 * no escaping in the markup changes them).
 */
export const PRERENDER_PLACEHOLDERS = {
  communityInviteUrl: 'outpost-prerender-community-invite-url',
  communityWidgetServerId: 'outpost-prerender-community-widget-id',
} as const;

/** The variant of a screen's markup that matches these settings. */
export const prerenderVariant = (config: Pick<ClientConfig, 'demo' | 'community'>): string =>
  `${config.demo ? 'demo' : 'no-demo'}${config.community.widgetServerId ? '+widget' : ''}`;

/** Every variant, with the settings (placeholders for the strings) a prerender renders it with. */
export const PRERENDER_VARIANTS: readonly Pick<ClientConfig, 'demo' | 'community'>[] = [true, false].flatMap(
  (demo) =>
    [null, PRERENDER_PLACEHOLDERS.communityWidgetServerId].map((widgetServerId) => ({
      demo,
      community: { inviteUrl: PRERENDER_PLACEHOLDERS.communityInviteUrl, widgetServerId },
    })),
);

/** A screen's markup in its frame, with the placeholders filled from the panel's settings. */
export const fillPrerendered = (
  frame: string,
  screen: string,
  community: ClientConfig['community'],
): string => {
  // Replaced by functions: a `$` in a setting must not be read as a replacement pattern.
  const invite = encodeHtml(community.inviteUrl);
  const widget = encodeHtml(encodeURIComponent(community.widgetServerId ?? ''));
  return frame
    .replace(PRERENDER_OUTLET, () => screen)
    .replaceAll(PRERENDER_PLACEHOLDERS.communityInviteUrl, () => invite)
    .replaceAll(PRERENDER_PLACEHOLDERS.communityWidgetServerId, () => widget);
};
