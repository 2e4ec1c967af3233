import type { CommandResultRequest, NewPluginEvent } from '@outpost/plugin-sdk';
import type { SimulatedWorld } from './simulated-world';

/** A console command as a Rust server answers it (a few of them; the rest are unknown here). */
export const answerConsole = (
  world: SimulatedWorld,
  line: string,
  now: number,
  emit: (event: NewPluginEvent) => void,
): CommandResultRequest => {
  const [name = '', ...rest] = line.trim().split(/\s+/);
  const args = line.trim().slice(name.length).trim();
  switch (name.toLowerCase()) {
    case 'status':
      return { ok: true, output: status(world, now) };
    case 'serverinfo':
      return { ok: true, output: JSON.stringify(serverInfo(world, now), null, 2) };
    case 'say': {
      if (rest.length === 0) return { ok: false, output: 'Usage: say <message>' };
      const said = `[CHAT] SERVER : ${args.replace(/^"(.*)"$/, '$1')}`;
      emit({ type: 'console', level: 'info', message: said });
      return { ok: true, output: said };
    }
    default:
      return { ok: false, output: `Command not found: ${name}` };
  }
};

/** The `status` command's table, as Rust prints it. */
const status = (world: SimulatedWorld, now: number): string => {
  const players = world.players();
  const rows = players.map((player) =>
    [
      player.steamId.padEnd(17),
      `"${player.name}"`.padEnd(26),
      String(player.ping).padEnd(4),
      `${Math.max(0, Math.floor((now - player.joinedAt) / 1000))}s`.padEnd(9),
      player.ip ? `${player.ip}:${49152 + (Number(player.steamId.slice(-4)) % 16000)}` : '',
    ].join(' '),
  );
  return [
    `hostname: ${world.hostname}`,
    'version : 2590/2590 secure (secure mode enabled, connected to Steam3)',
    'map     : Procedural Map',
    `players : ${players.length} (${world.maxPlayers} max) (0 queued) (0 joining)`,
    '',
    'id                name                       ping connected addr',
    ...rows,
  ].join('\n');
};

/** The `serverinfo` command's JSON, with Rust's field names. */
const serverInfo = (world: SimulatedWorld, now: number): Record<string, unknown> => {
  const { fps, entities, memoryMb } = world.performance();
  return {
    Hostname: world.hostname,
    MaxPlayers: world.maxPlayers,
    Players: world.players().length,
    Queued: 0,
    Joining: 0,
    EntityCount: entities,
    GameTime: new Date(now).toISOString(),
    Uptime: Math.floor((now - world.startedAt) / 1000),
    Map: 'Procedural Map',
    Framerate: Math.round(fps),
    Memory: memoryMb,
    Collections: 0,
    NetworkIn: 0,
    NetworkOut: 0,
    Restarting: false,
    SaveCreatedTime: new Date(world.startedAt).toISOString(),
  };
};
