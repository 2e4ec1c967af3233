// The README's webhook receiver, as written (issue 38): its code block is run as a real Node
// process on a local port, a generic webhook channel points at it, and a real alert (an F7 report
// the server sends, through the dispatcher) and a Send test arrive signed and are accepted. The
// same receiver refuses what the README says it refuses: a stale timestamp, a changed body, a
// wrong signature, no headers. So the scheme the panel signs with and the one the README checks
// are the same: X-Outpost-Timestamp (unix seconds) and X-Outpost-Signature, the hex HMAC-SHA256
// of `<timestamp>.<raw body>` keyed by the channel's secret.
import {
  ALERT_SIGNATURE_HEADER,
  ALERT_SIGNATURE_MAX_AGE_SECONDS,
  ALERT_TIMESTAMP_HEADER,
  type AlertsResponse,
  type CreatedAlertChannel,
} from '@outpost/contracts';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestApp } from './support';
import { eventually } from './support/alert-sink';
import { createCrew, expectStatus, type Crew } from './support/crew';
import { addServer, sendReportEvent } from './support/plugin';
import { freePort, spawnLogged, type Spawned } from './support/processes';
import { createTestApp } from './support';

/** The README's receiver: the js block that starts with `// receiver.mjs`. */
const readmeReceiver = (): string => {
  const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const block = /```js\n(\/\/ receiver\.mjs[\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```js block starting with // receiver.mjs');
  return block[1];
};

describe('the README’s webhook receiver against a real alert', () => {
  let t: TestApp;
  let crew: Crew;
  let receiver: Spawned;
  let receiverUrl: string;
  let channel: CreatedAlertChannel;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
    const port = await freePort();
    receiverUrl = `http://127.0.0.1:${port}/outpost`;
    channel = expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/alert-channels`)
        .send({ type: 'webhook', name: 'Receiver', url: receiverUrl }),
      201,
    ).body.data as CreatedAlertChannel;
    dir = mkdtempSync(path.join(tmpdir(), 'outpost-receiver-'));
    writeFileSync(path.join(dir, 'receiver.mjs'), readmeReceiver());
    receiver = spawnLogged(process.execPath, [path.join(dir, 'receiver.mjs')], {
      PATH: process.env.PATH ?? '',
      OUTPOST_WEBHOOK_SECRET: channel.secret!,
      PORT: String(port),
    });
    // Listening once it answers (a GET is refused: 401).
    await eventually(async () => expect((await fetch(receiverUrl)).status).toBe(401), 10_000);
  });
  afterAll(async () => {
    if (receiver && receiver.child.exitCode === null) {
      receiver.child.kill();
      await receiver.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  /** POSTs to the receiver as a sender would; answers its status. */
  const post = async (body: string, headers: Record<string, string>) =>
    (
      await fetch(receiverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    ).status;
  const signed = (timestamp: number, body: string, secret = channel.secret!) => ({
    [ALERT_TIMESTAMP_HEADER]: String(timestamp),
    [ALERT_SIGNATURE_HEADER]: createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
  });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('accepts a real alert sent by the panel, and its Send test', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'EU Main');
    const rule = expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/alert-rules`)
        .send({ kind: 'report_created', channelIds: [channel.id] }),
      201,
    ).body.data as { id: string };
    await sendReportEvent(t, server.token, 'receiver-report-1');
    // The receiver answered 204: the delivery succeeded, and the receiver printed the alert.
    const alert = await eventually(async () => {
      const { alerts } = expectStatus(
        await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts`),
        200,
      ).body.data as AlertsResponse;
      const found = alerts.find((a) => a.ruleId === rule.id);
      expect(found?.deliveries).toEqual([
        expect.objectContaining({ channelName: 'Receiver', status: 'succeeded', lastError: null }),
      ]);
      return found!;
    });
    await eventually(() => expect(receiver.output()).toContain(`fired: ${alert.title}`));

    const test = expectStatus(
      await crew.owner.agent.post(`/api/networks/${crew.network.id}/alert-channels/${channel.id}/test`),
      200,
    ).body.data as { status: string };
    expect(test).toMatchObject({ status: 'succeeded' });
    await eventually(() =>
      expect(receiver.output()).toContain('test: Test alert: the channel “Receiver” works'),
    );
  });

  it('refuses a stale timestamp, a changed body, a wrong signature and none', async () => {
    const body = JSON.stringify({ event: 'fired', title: 'EU Main is offline' });
    // What the test signs is accepted, so each refusal below is for its own reason.
    expect(await post(body, signed(nowSeconds(), body))).toBe(204);
    const stale = nowSeconds() - ALERT_SIGNATURE_MAX_AGE_SECONDS - 60;
    expect(await post(body, signed(stale, body))).toBe(401);
    expect(await post(body, signed(nowSeconds() + ALERT_SIGNATURE_MAX_AGE_SECONDS + 60, body))).toBe(401);
    expect(await post(body.replace('offline', 'online'), signed(nowSeconds(), body))).toBe(401);
    expect(await post(body, signed(nowSeconds(), body, 'not the secret'))).toBe(401);
    // The old scheme (the body alone signed) no longer passes.
    const bodyOnly = createHmac('sha256', channel.secret!).update(body).digest('hex');
    expect(
      await post(body, {
        [ALERT_TIMESTAMP_HEADER]: String(nowSeconds()),
        [ALERT_SIGNATURE_HEADER]: bodyOnly,
      }),
    ).toBe(401);
    expect(await post(body, {})).toBe(401);
    expect(receiver.output()).not.toContain('Error');
  });
});
