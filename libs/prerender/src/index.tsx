// Renders the panel's public pages to static markup at build time (Node), inside the providers
// the shell gives them in the browser: the store, toasts and a router at the page's address, with
// the client settings of one variant (see PRERENDER_VARIANTS). The browser later renders the same
// components again, in place of this markup, so the markup must match their first render: a
// visitor who is signed out, before any data has arrived. It runs in Node, in a bundle of its own
// (no Module Federation there), so it takes MemoryRouter from react-router itself: the components
// it renders reach the same copy through @outpost/router.
import { configureApiClient, makeStore, StoreProvider } from '@outpost/api-client';
import type { PrerenderConfig } from '@outpost/contracts';
import { ToastProvider } from '@outpost/ui';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';

export type PrerenderOptions = {
  /** The address the page is rendered at. */
  path: string;
  config: PrerenderConfig;
};

const START = '<template data-outpost-part=""></template>';
const END = '<template data-outpost-part-end=""></template>';

/**
 * Controls that need the page's script (buttons, form fields) are disabled in the static markup:
 * a click before the script has run would otherwise do nothing. Links work without it.
 */
export const withoutScriptControls = (html: string): string =>
  html.replace(/<(button|input|select|textarea)\b/g, '<$1 disabled=""');

/** The whole markup of `page` (what the shell's root holds), its controls disabled. */
export const prerenderPage = async (page: ReactNode, { path, config }: PrerenderOptions): Promise<string> => {
  configureApiClient({
    demo: config.demo,
    community: config.community,
    plans: config.plans ?? true,
    publicStats: config.publicStats ?? false,
    pricing: config.pricing ?? { premiumPrice: null, premiumSupport: null },
  });
  const { prelude } = await prerenderToNodeStream(
    <StoreProvider store={makeStore()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </ToastProvider>
    </StoreProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return withoutScriptControls(html);
};

/** The markup of `part` alone, rendered where it would be in a page (inside every provider). */
export const prerenderPart = async (part: ReactNode, options: PrerenderOptions): Promise<string> => {
  const html = await prerenderPage(
    <>
      <template data-outpost-part="" />
      {part}
      <template data-outpost-part-end="" />
    </>,
    options,
  );
  const start = html.indexOf(START);
  const end = html.indexOf(END);
  if (start < 0 || end < start) throw new Error('The prerendered part has no markers');
  return html.slice(start + START.length, end);
};
