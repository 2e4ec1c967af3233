import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Mail } from '../../src/modules/identity/mailer.service';
import type { TestApp } from './test-app';

/** Mails the app wrote to DATA_DIR/outbox (no MAIL_URL), oldest first. */
export const readOutbox = (t: TestApp): Mail[] => {
  const dir = path.join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail);
};

/** The sign-in link in a mail's text, with its userId and secret. */
export const magicLinkIn = (text: string): { url: URL; userId: string; secret: string } => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  const url = new URL(match[0]);
  return { url, userId: url.searchParams.get('userId') ?? '', secret: url.searchParams.get('secret') ?? '' };
};

/** The newest mail sent to `to` in the outbox. */
export const lastMailTo = (t: TestApp, to: string): Mail => {
  const mail = readOutbox(t)
    .filter((m) => m.to === to)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};
