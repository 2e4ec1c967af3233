import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createTestApp, magicLinkIn, readOutbox, type TestApp } from './support';

const LINK_URL = 'http://localhost:3000/auth/magic-link';

/** The text part of a raw message (quoted-printable undone). */
const textOf = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Everything the process writes to stdout and stderr while `work` runs. */
const captureOutput = async (work: () => Promise<void>): Promise<string> => {
  const chunks: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return chunks.join('');
};

describe('magic link through SMTP (MAIL_URL set)', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      hideSTARTTLS: true,
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        MAIL_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Outpost <panel@example.com>',
        LOG_LEVEL: 'debug',
      },
    });
  });
  afterAll(async () => {
    await captureOutput(async () => t?.close());
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the link, which signs in once; the secret appears in no log line', async () => {
    const agent = t.newAgent();
    const output = await captureOutput(async () => {
      await agent
        .post('/v1/account/tokens/magic-url')
        .send({ userId: 'unique()', email: 'smtp@example.com', url: LINK_URL })
        .expect(201);
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp@example.com']);
    expect(received[0]!.raw).toMatch(/^From: Outpost <panel@example.com>/m);
    const { userId, secret } = magicLinkIn(textOf(received[0]!.raw));
    expect(secret).toMatch(/^[\w-]{43}$/);

    const signInOutput = await captureOutput(async () => {
      await agent.post('/v1/account/sessions/token').send({ userId, secret }).expect(201);
      await agent.post('/v1/account/sessions/token').send({ userId, secret }).expect(401);
      expect((await agent.get('/v1/account').expect(200)).body).toMatchObject({
        email: 'smtp@example.com',
        emailVerification: true,
      });
    });
    // The request log is on (LOG_LEVEL=debug), so a leak would show here.
    expect(output).toContain('POST /v1/account/tokens/magic-url 201');
    expect(signInOutput).toContain('POST /v1/account/sessions/token 201');
    expect(output + signInOutput).not.toContain(secret);
    expect(t.config.identity.mailUrl).not.toBeNull();
  });
});

describe('magic link through the outbox (no MAIL_URL)', () => {
  it('writes the mail under DATA_DIR/outbox and logs the link for the operator', async () => {
    let t!: TestApp;
    await captureOutput(async () => {
      t = await createTestApp({ env: { LOG_LEVEL: 'info' } });
    });
    try {
      const output = await captureOutput(async () => {
        await t.http
          .post('/v1/account/tokens/magic-url')
          .send({ userId: 'unique()', email: 'local@example.com', url: LINK_URL })
          .expect(201);
      });
      const [mail] = readOutbox(t);
      expect(mail).toMatchObject({ to: 'local@example.com', subject: 'Sign in to Outpost' });
      const { url } = magicLinkIn(mail!.text);
      expect(output).toContain(`Sign-in link for local@example.com: ${url.toString()}`);
      // The .eml wraps the link (quoted-printable); the .txt beside it holds it whole.
      const dir = path.join(t.config.dataDir, 'outbox');
      const [txt] = readdirSync(dir).filter((name) => name.endsWith('.txt'));
      const plain = readFileSync(path.join(dir, txt!), 'utf8');
      expect(plain).toMatch(/^To: local@example.com\nSubject: Sign in to Outpost\n\n/);
      expect(plain.split('\n')).toContain(url.toString());
      expect(magicLinkIn(plain).url.toString()).toBe(url.toString());
    } finally {
      await captureOutput(() => t.close());
    }
  });
});
