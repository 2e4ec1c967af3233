import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { paths } from '@outpost/contracts';
import { magicLinkIn, waitForMail } from './mailbox';

/** A fresh address per test: magic links are rate limited per e-mail. */
export const uniqueEmail = (label = 'player'): string =>
  `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** A username that passes the rules (3-20 letters, digits, underscores) and is not taken yet. */
export const uniqueUsername = (label = 'raider'): string =>
  `${label}_${randomBytes(4).toString('hex')}`.slice(0, 20);

/** Asks for a link on /login like a person and answers the link the mail brought. */
export async function requestMagicLink(page: Page, email: string): Promise<URL> {
  await page.goto(paths.login());
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  return magicLinkIn(await waitForMail(email));
}

/** A new account by e-mail link, through username setup, ending on the network list. */
export async function signUpByMagicLink(
  page: Page,
  email = uniqueEmail(),
): Promise<{ email: string; username: string }> {
  const link = await requestMagicLink(page, email);
  await page.goto(link.toString());
  await expect(page).toHaveURL(new RegExp(`${paths.setupUsername()}$`));
  const username = uniqueUsername();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await expect(page.getByText(`${username} is available`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
  return { email, username };
}
