import { rmSync } from 'node:fs';
import path from 'node:path';
import { startMailSink } from './mail-sink';
import { startOAuthProvider } from './oauth-provider';
import { startServer } from './server';

// The panel under test, with its two third parties stood in for by real local servers: an SMTP
// sink that catches sign-in mails and an OAuth2 server playing Discord, Google and GitHub. Tests
// find them through E2E_MAIL_DIR and E2E_OAUTH_QUEUE_DIR (workers inherit this environment).
export default async function globalSetup() {
  const dataDir = process.env.E2E_DATA_DIR as string;
  const mail = await startMailSink(path.join(dataDir, 'caught-mail'));
  const oauth = await startOAuthProvider(path.join(dataDir, 'oauth-queue'));
  process.env.E2E_MAIL_DIR = mail.dir;
  // For specs that start panels of their own (two instances behind nginx) sending to the same sink.
  process.env.E2E_MAIL_URL = mail.url;
  process.env.E2E_OAUTH_QUEUE_DIR = path.join(dataDir, 'oauth-queue');
  const server = await startServer({
    port: process.env.E2E_PORT as string,
    dataDir: path.join(dataDir, 'panel'),
    env: {
      MAIL_URL: mail.url,
      ...oauth.env,
      // Every sign-in of the suite comes from 127.0.0.1; the limit itself is covered by API tests.
      SIGN_IN_LIMIT_PER_IP: '100000',
      // A kick or warn expires after 60 s instead of 5 min, so a spec sees one expire.
      PLAYER_COMMAND_TTL_SECONDS: '60',
    },
  });
  return async () => {
    await server.stop();
    await oauth.stop();
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
