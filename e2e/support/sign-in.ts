import { paths } from '@outpost/contracts';
import type { Browser, Page } from '@playwright/test';
import { magicLinkIn, waitForMail } from './mailbox';
import { panelApi } from './panel-api';

/**
 * Signs `page`'s browser in by e-mail link through the identity API (the login screens have their
 * own suite): ask for a link, take it from the mail (a fresh address: its first mail), create the
 * session, set a username. The
 * page shares its cookie jar with page.request, so the browser is signed in afterwards.
 */
export const signInByMagicLink = async (
  page: Page,
  email: string,
  username: string,
  origin = `http://localhost:${process.env.E2E_PORT}`,
): Promise<void> => {
  const asked = await page.request.post('/v1/account/tokens/magic-url', {
    data: { userId: 'unique()', email, url: `${origin}/auth/magic-link` },
  });
  if (!asked.ok()) throw new Error(`magic-url answered ${asked.status()}`);
  const link = magicLinkIn(await waitForMail(email));
  const session = await page.request.post('/v1/account/sessions/token', {
    data: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
  });
  if (!session.ok()) throw new Error(`sessions/token answered ${session.status()}`);
  await (await panelApi(page)).put('/api/users/me/username', { username });
};

/**
 * A browser of its own for a new user `label` (e-mail and username derive from it), signed in;
 * `baseURL` points it at another panel than the suite's (one a spec started itself).
 */
export const signedInPage = async (browser: Browser, label: string, baseURL?: string): Promise<Page> => {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await page.goto(paths.landing());
  await signInByMagicLink(page, `${label}@example.com`, label, baseURL);
  return page;
};
