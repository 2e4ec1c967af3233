// Another instance's appends to the live bus's Redis stream, made while this process waits.
import { spawnSync } from 'node:child_process';
import { LIVE_STREAM_KEY } from '../../src/core/live';

/**
 * Appends `count` server.status events of `networkId` (server `other-<n>`, n players) to the live
 * stream as an instance does (trimmed to about `keep`), from a process of its own while this one
 * waits for it: this process's event loop, and with it every live reader in it, is blocked the
 * whole time, as a reader whose instance stalls while the others write on.
 */
export const appendWhileBlocked = (
  redisUrl: string,
  { networkId, count, keep }: { networkId: string; count: number; keep: number },
): void => {
  const script = `
    const Redis = require(${JSON.stringify(require.resolve('ioredis'))});
    const redis = new Redis(${JSON.stringify(redisUrl)});
    const pipeline = redis.pipeline();
    for (let n = 0; n < ${count}; n += 1) {
      const event = { type: 'server.status', networkId: ${JSON.stringify(networkId)},
        serverId: 'other-' + n, status: 'online', playerCount: n, maxPlayers: 100,
        at: new Date().toISOString() };
      pipeline.xadd(${JSON.stringify(LIVE_STREAM_KEY)}, 'MAXLEN', '~', ${keep}, '*',
        'e', JSON.stringify(event), 'o', 'other/' + n, 'n', event.networkId);
    }
    pipeline.exec().then(() => redis.quit());`;
  const appended = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (appended.status !== 0) throw new Error(`appending failed: ${appended.stderr}`);
};
