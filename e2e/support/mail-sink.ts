import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail the panel sent, as the e2e tests read it (one JSON file per message). */
export type CaughtMail = { to: string[]; from: string; subject: string; text: string; receivedAt: string };

export type MailSink = { url: string; dir: string; stop: () => Promise<void> };

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const splitHeaders = (raw: string): { headers: Record<string, string>; body: string } => {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const decodeBody = (headers: Record<string, string>, body: string): string => {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** The text/plain part of a MIME message (nodemailer sends text and html as multipart/alternative). */
export const plainTextOf = (raw: string): { subject: string; text: string } => {
  const { headers, body } = splitHeaders(raw);
  const subject = headers.subject ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body) };
  for (const part of body.split(`--${boundary}`)) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
    if ((parsed.headers['content-type'] ?? '').startsWith('text/plain'))
      return { subject, text: decodeBody(parsed.headers, parsed.body) };
  }
  return { subject, text: '' };
};

/**
 * A local SMTP server standing in for the operator's mail relay: every message the panel sends is
 * written to `dir` as JSON, where the tests pick up the sign-in links.
 */
export async function startMailSink(dir: string): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS upgrade with a self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = plainTextOf(Buffer.concat(chunks).toString('utf8'));
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject,
          text,
          receivedAt: new Date().toISOString(),
        };
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}.json`;
        writeFileSync(path.join(dir, name), JSON.stringify(mail, null, 2));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
