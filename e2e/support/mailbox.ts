import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-sink';

const mailDir = (): string => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the suite through global-setup.ts');
  return dir;
};

const mailsTo = (address: string): CaughtMail[] =>
  readdirSync(mailDir())
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));

/** Waits for the `count`-th mail to `address` caught by the SMTP sink and answers it. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  await expect
    .poll(() => mailsTo(address).length, { message: `mail #${count} to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1];
}

/** The sign-in link in a mail's text. */
export function magicLinkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/[^\s<>"]+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  return new URL(match[0]);
}

/** How many mails to `address` the SMTP sink has caught so far. */
export const mailCount = (address: string): number => mailsTo(address).length;

/** The link of the first mail to `address` after the `before` it had already received. */
export async function latestMagicLink(address: string, before: number): Promise<string> {
  return magicLinkIn(await waitForMail(address, before + 1)).toString();
}
