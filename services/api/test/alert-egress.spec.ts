// Alert channels under the egress policy at delivery (issue 37): a webhook or Discord channel saved
// while private addresses were allowed, as an IP address or a localhost name, is refused when it
// is sent after OUTBOUND_ALLOW_PRIVATE became false, at once and dialling nothing. Node dials an IP
// address without asking the policy's lookup, so this is what proves the sender asks the policy.
import type { AlertDelivery, CreatedAlertChannel } from '@outpost/contracts';
import { startSink, type Sink } from './support/alert-sink';
import { createCrew, expectStatus } from './support/crew';
import { createTestApp, createTestDatabase, signIn, type TestDatabase } from './support';

describe('alert deliveries with OUTBOUND_ALLOW_PRIVATE=false', () => {
  let sink: Sink;
  let database: TestDatabase;
  beforeAll(async () => {
    sink = await startSink();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await sink.close();
  });

  it('refuses a loopback channel saved while private addresses were allowed, dialling nothing', async () => {
    const port = new URL(sink.url).port;
    // Discord is the sink's origin, so that the Discord channels below are Discord webhook URLs.
    const env = { DISCORD_API_URL: `${sink.url}/api/v10` };
    const channels = [
      { type: 'webhook', name: 'Loopback hook', url: `${sink.url}/hook` },
      { type: 'discord', name: 'Loopback Discord', url: `${sink.url}/api/webhooks/1/token` },
      { type: 'webhook', name: 'Localhost hook', url: `http://localhost:${port}/local` },
    ];

    const lenient = await createTestApp({ database, env: { ...env, OUTBOUND_ALLOW_PRIVATE: 'true' } });
    let ownerEmail: string;
    let networkId: string;
    let saved: CreatedAlertChannel[];
    try {
      const crew = await createCrew(lenient);
      ownerEmail = crew.owner.user.email;
      networkId = crew.network.id;
      saved = [];
      for (const body of channels) {
        const res = await crew.owner.agent.post(`/api/networks/${networkId}/alert-channels`).send(body);
        saved.push(expectStatus(res, 201).body.data as CreatedAlertChannel);
      }
      // While allowed, the first one is delivered: the sink is there and listening.
      const sent = expectStatus(
        await crew.owner.agent.post(`/api/networks/${networkId}/alert-channels/${saved[0].id}/test`),
        200,
      ).body.data as AlertDelivery;
      expect(sent).toMatchObject({ status: 'succeeded' });
    } finally {
      await lenient.app.close();
    }
    sink.requests.length = 0;

    const strict = await createTestApp({ database, env: { ...env, OUTBOUND_ALLOW_PRIVATE: 'false' } });
    try {
      const owner = await signIn(strict, { email: ownerEmail });
      const outcomes: Record<string, unknown>[] = [];
      for (const channel of saved) {
        const res = await owner.agent.post(`/api/networks/${networkId}/alert-channels/${channel.id}/test`);
        const delivery = expectStatus(res, 200).body.data as AlertDelivery;
        outcomes.push({
          status: delivery.status,
          attempts: delivery.attempts,
          nextAttemptAt: delivery.nextAttemptAt,
          lastError: delivery.lastError,
        });
      }
      const refusal = (host: string) =>
        `refused by the egress policy: ${host} is refused by the loopback rule (127.0.0.0/8, ::1/128, 0.0.0.0/8, ::/128): this panel does not dial loopback addresses (OUTBOUND_ALLOW_PRIVATE=false)`;
      const failed = (host: string) => ({
        status: 'failed',
        attempts: 1,
        nextAttemptAt: null,
        lastError: refusal(host),
      });
      expect(outcomes).toEqual([failed('127.0.0.1'), failed('127.0.0.1'), failed('localhost')]);
      expect(sink.requests).toEqual([]);
    } finally {
      await strict.app.close();
    }
  });
});
