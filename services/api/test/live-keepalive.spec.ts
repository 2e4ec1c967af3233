// GET /api/live keeps idle streams open through proxies: a comment line every LIVE_KEEPALIVE_SECONDS.
import { createTestApp, signIn } from './support';
import { SessionsService } from '../src/modules/identity/sessions.service';
import { frame, openLive } from './support/live-client';

it('sends a comment line every LIVE_KEEPALIVE_SECONDS to keep proxies open', async () => {
  const quick = await createTestApp({ env: { LIVE_KEEPALIVE_SECONDS: '1' } });
  try {
    const someone = await signIn(quick, { name: 'Kim Keepalive' });
    const client = await openLive(quick, { jwt: someone.jwt });
    await client.next(frame('ready'));
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    // One timer for every stream: its first tick comes within a second of the stream's start, a
    // second one may follow before the 1.4 s are over.
    expect(client.comments.length).toBeGreaterThanOrEqual(1);
    expect(client.comments.length).toBeLessThanOrEqual(2);
    expect(new Set(client.comments)).toEqual(new Set(['keep-alive']));
    client.close();
  } finally {
    await quick.close();
  }
});

it('closes a stream whose session ended (signed out elsewhere) at the next keep-alive', async () => {
  const quick = await createTestApp({ env: { LIVE_KEEPALIVE_SECONDS: '1' } });
  try {
    const someone = await signIn(quick, { name: 'Sam Signout' });
    const client = await openLive(quick, { jwt: someone.jwt });
    await client.next(frame('ready'));
    await quick.app.get(SessionsService).end(someone.user.id, someone.sessionId);
    await client.ended;
    // Opening it again is refused: the JWT's session is over.
    expect((await openLive(quick, { jwt: someone.jwt })).status).toBe(401);
  } finally {
    await quick.close();
  }
});
