import type { APIRequestContext } from '@playwright/test';

export type FakePlayer = {
  steamId: string;
  name: string;
  ip: string;
  /** Where the player stands (x east, z north, from the map's centre), as the plugin reports it. */
  position?: { x: number; y: number; z: number };
};
export type PluginCommand = { id: string; type: string; steamId?: string };

/**
 * A game server speaking the plugin protocol (/api/plugin/v1) with its server token, as the Rust
 * plugin does: heartbeats carry the online players; answers carry the panel's commands.
 */
export const gameServer = (request: APIRequestContext, token: string) => {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    /** `world`: what else the server reports (its worldSize and seed, for the map). */
    async heartbeat(
      players: FakePlayer[],
      world: { worldSize?: number; seed?: number } = {},
    ): Promise<PluginCommand[]> {
      const res = await request.post('/api/plugin/v1/heartbeat', {
        headers,
        data: {
          hostname: 'EU Main',
          map: 'Procedural Map',
          maxPlayers: 50,
          uptimeSeconds: 3600,
          ...world,
          players,
        },
      });
      if (!res.ok()) throw new Error(`heartbeat answered ${res.status()}: ${await res.text()}`);
      const body = (await res.json()) as { data?: { commands: PluginCommand[] }; commands?: PluginCommand[] };
      return body.data?.commands ?? body.commands ?? [];
    },
    async result(commandId: string, output?: string): Promise<void> {
      const res = await request.post(`/api/plugin/v1/commands/${commandId}/result`, {
        headers,
        data: { ok: true, ...(output === undefined ? {} : { output }) },
      });
      if (!res.ok()) throw new Error(`command result answered ${res.status()}`);
    },
    /** A batch of events (chat, connect, console, ...), each with its id and time. */
    async events(events: Record<string, unknown>[]): Promise<void> {
      const res = await request.post('/api/plugin/v1/events', { headers, data: { events } });
      if (!res.ok()) throw new Error(`events answered ${res.status()}: ${await res.text()}`);
    },
  };
};
