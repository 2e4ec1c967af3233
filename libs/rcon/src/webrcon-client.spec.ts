import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RconAddressRefused, RconConnectError, WebRconClient } from './webrcon-client';
import { startWebRconEmulator, type WebRconEmulator } from './testing';

const PASSWORD = 'right one';

/** How a connection attempt ends: its failure's kind and message, or `connected`. */
const attempt = async (client: WebRconClient): Promise<{ kind: string; message: string }> => {
  try {
    await client.connect();
    return { kind: 'connected', message: '' };
  } catch (error) {
    if (!(error instanceof RconConnectError)) throw error;
    return { kind: error.kind, message: error.message };
  } finally {
    client.close();
  }
};

describe('WebRconClient: why a connection failed', () => {
  let emulator: WebRconEmulator;
  beforeEach(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD });
  });
  afterEach(() => emulator.stop());

  const to = (password: string, options: ConstructorParameters<typeof WebRconClient>[1] = {}) =>
    new WebRconClient({ host: emulator.host, port: emulator.port, password }, options);

  it('says wrong_password when the server writes a close frame instead of the handshake answer, as Rust does', async () => {
    const failure = await attempt(to('not-it-8271'));
    expect(failure).toEqual({
      kind: 'wrong_password',
      message: expect.stringMatching(/refused the RCON password/),
    });
    expect(failure.message).not.toContain('not-it-8271');
    expect(await attempt(to(PASSWORD))).toMatchObject({ kind: 'connected' });
  });

  it('says wrong_password when the server hangs up during the handshake without a byte', async () => {
    emulator.wrongPasswordAnswer = 'hang-up';
    expect(await attempt(to('wrong'))).toMatchObject({ kind: 'wrong_password' });
  });

  it('says wrong_password, the right password too, while the game refuses an address that gave too many wrong ones', async () => {
    await emulator.stop();
    emulator = await startWebRconEmulator({ password: PASSWORD, maxPasswordFailures: 2, banSeconds: 0.5 });
    expect(await attempt(to('not-it-1'))).toMatchObject({ kind: 'wrong_password' });
    expect(await attempt(to('not-it-2'))).toMatchObject({ kind: 'wrong_password' });
    expect(await attempt(to(PASSWORD))).toMatchObject({ kind: 'wrong_password' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await attempt(to(PASSWORD))).toMatchObject({ kind: 'connected' });
  });

  it('says unreachable when nothing listens', async () => {
    await emulator.stop();
    expect(await attempt(to(PASSWORD))).toEqual({
      kind: 'unreachable',
      message: expect.stringMatching(/is unreachable \(ECONNREFUSED\)/),
    });
  });

  it('says unreachable when the server takes the connection and never answers', async () => {
    emulator.silent = true;
    expect(await attempt(to(PASSWORD, { connectTimeoutMs: 300 }))).toMatchObject({ kind: 'unreachable' });
  });

  it('says unreachable, with the reason, when its lookup hook refuses the address, and never dials it', async () => {
    let dialled = 0;
    const server: Server = createServer((socket) => {
      dialled += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = new WebRconClient(
        { host: 'rcon.example.test', port, password: PASSWORD },
        {
          lookup: (_host, _options, callback) =>
            callback(new RconAddressRefused('169.254.0.0/16 is never dialled'), '', 4),
        },
      );
      expect(await attempt(client)).toEqual({
        kind: 'unreachable',
        message: `rcon.example.test:${port} was not dialled: 169.254.0.0/16 is never dialled`,
      });
      expect(dialled).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
