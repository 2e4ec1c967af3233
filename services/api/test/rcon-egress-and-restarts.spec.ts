// The panel's RCON connections beyond one app's life: the egress policy refusing private and
// loopback hosts (OUTBOUND_ALLOW_PRIVATE=false), and connections ended at shutdown and made again
// at start, with a password only the same SECRETS_KEY can read.
import type { RconStatus } from '@outpost/contracts';
import { startWebRconEmulator } from '@outpost/rcon/testing';
import { randomBytes } from 'node:crypto';
import { HostResolver } from '../src/core/egress';
import { signIn } from './support/auth';
import { createCrew, expectStatus } from './support/crew';
import { addServer } from './support/plugin';
import { createTestApp, createTestDatabase } from './support';
import { until } from './support/until';

const PASSWORD = 'p@ss/word with spaces';

describe('RCON connections with OUTBOUND_ALLOW_PRIVATE=false', () => {
  it('refuses loopback and private hosts with 400 naming the rule, and a name resolving to one at connect time', async () => {
    const emulator = await startWebRconEmulator({ password: PASSWORD });
    const t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
    try {
      const crew = await createCrew(t);
      jest.spyOn(t.app.get(HostResolver), 'resolve').mockResolvedValue([{ address: '127.0.0.1', family: 4 }]);
      const server = await addServer(crew.owner, crew.network.id, 'Strict');
      const rconOf = `/api/servers/${server.id}/rcon`;
      for (const [host, rule] of [
        ['127.0.0.1', 'loopback'],
        ['localhost', 'loopback'],
        ['10.0.0.5', 'private'],
        ['192.168.1.20', 'private'],
      ]) {
        const res = await crew.owner.agent
          .put(rconOf)
          .send({ host, port: emulator.port, password: PASSWORD });
        expectStatus(res, 400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          error: expect.stringMatching(
            new RegExp(
              `^${host} is refused by the ${rule} rule \\(.+\\): this panel does not dial ${rule} addresses \\(OUTBOUND_ALLOW_PRIVATE=false\\)$`,
            ),
          ),
          details: [{ field: 'host', message: expect.stringContaining(`${rule} rule`) }],
        });
      }
      expect((await crew.owner.agent.get(rconOf).expect(200)).body.data).toBeNull();

      expectStatus(
        await crew.owner.agent
          .put(rconOf)
          .send({ host: 'lan-box.test', port: emulator.port, password: PASSWORD }),
        200,
      );
      const refused = await until(async () => {
        const now = expectStatus(await crew.owner.agent.get(rconOf), 200).body.data as RconStatus;
        return now.state === 'unreachable' && now;
      }, 'the refusal');
      expect(refused.lastError).toMatch(/lan-box\.test \(127\.0\.0\.1\) is refused by the loopback rule/);
      expect(emulator.received).toEqual([]);
      expect(emulator.clients).toBe(0);
    } finally {
      await t.close();
      await emulator.stop();
    }
  });
});

describe('RCON connections across restarts', () => {
  it('keeps a refused password refused across a restart: not dialled again before its 10 minutes, Try again dials', async () => {
    const emulator = await startWebRconEmulator({ password: PASSWORD });
    const database = await createTestDatabase();
    try {
      const first = await createTestApp({ database });
      const crew = await createCrew(first);
      const server = await addServer(crew.owner, crew.network.id, 'Refused');
      const rconOf = `/api/servers/${server.id}/rcon`;
      expectStatus(
        await crew.owner.agent
          .put(rconOf)
          .send({ host: '127.0.0.1', port: emulator.port, password: 'not it' }),
        200,
      );
      const refused = await until(async () => {
        const now = expectStatus(await crew.owner.agent.get(rconOf), 200).body.data as RconStatus;
        return now.state === 'wrong_password' && now;
      }, 'wrong_password');
      const ownerToken = async (app: typeof first) =>
        Number(
          (
            (await app.orm.em
              .fork()
              .getConnection()
              .execute('select owner_token from server_rcon where server_id = ?', [server.id])) as {
              owner_token: number | string;
            }[]
          )[0]?.owner_token,
        );
      const before = await ownerToken(first);
      await first.app.close();
      const loginsBefore = emulator.logins.length;

      // The same settings after a restart: said refused as before, and not dialled.
      const again = await createTestApp({ database });
      const owner = (await signIn(again, { email: crew.owner.user.email })).agent;
      await until(async () => (await ownerToken(again)) > before, 'the connection taken at start');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(emulator.logins).toHaveLength(loginsBefore);
      expect(expectStatus(await owner.get(rconOf), 200).body.data).toEqual(refused);

      // Try again: dialled at once.
      expectStatus(await owner.post(`${rconOf}/retry`), 200);
      await until(async () => emulator.logins.length === loginsBefore + 1, 'the login on Try again');
      await again.app.close();
    } finally {
      await database.drop();
      await emulator.stop();
    }
  });

  it('stops every connection on shutdown and connects again at start; another SECRETS_KEY cannot read the password', async () => {
    const emulator = await startWebRconEmulator({ password: PASSWORD });
    const database = await createTestDatabase();
    try {
      const first = await createTestApp({ database });
      const crew = await createCrew(first);
      const server = await addServer(crew.owner, crew.network.id, 'Restarted');
      expectStatus(
        await crew.owner.agent
          .put(`/api/servers/${server.id}/rcon`)
          .send({ host: '127.0.0.1', port: emulator.port, password: PASSWORD }),
        200,
      );
      await until(async () => emulator.clients === 1, 'the connection');
      await first.app.close();
      await until(async () => emulator.clients === 0, 'the connection to end on shutdown');

      const again = await createTestApp({ database });
      await until(async () => emulator.clients === 1, 'the connection at start');
      await again.app.close();
      await until(async () => emulator.clients === 0, 'the second shutdown');

      const otherKey = await createTestApp({
        database,
        env: { SECRETS_KEY: randomBytes(32).toString('hex') },
      });
      const read = async () =>
        (
          (await otherKey.orm.em
            .fork()
            .getConnection()
            .execute('select state, last_error from server_rcon where server_id = ?', [server.id])) as {
            state: string;
            last_error: string | null;
          }[]
        )[0];
      const row = await until(async () => {
        const now = await read();
        return now?.state === 'unreachable' && now;
      }, 'the unreadable password');
      expect(row.last_error).toMatch(/cannot be read with this SECRETS_KEY/);
      expect(emulator.clients).toBe(0);
      await otherKey.app.close();
    } finally {
      await database.drop();
      await emulator.stop();
    }
  });
});
