import type { CommandResultRequest, NewPluginEvent } from '@outpost/plugin-sdk';
import {
  answerRustConsole,
  resultFor,
  rustChatLine,
  rustDateTime,
  type RustServerInfo,
  type RustStatusPlayer,
} from '@outpost/rcon';
import { GAME_VERSION, type SimulatedWorld } from './simulated-world';

/**
 * A console command as a Rust server answers it (status, serverinfo and say; any other is not
 * found), with the result the RCON bridge would report for that reply: none is done with no output,
 * "not found" fails. What `say` broadcasts shows as the chat line the server prints in its console.
 */
export const answerConsole = (
  world: SimulatedWorld,
  line: string,
  now: number,
  emit: (event: NewPluginEvent) => void,
): CommandResultRequest => {
  const answer = answerRustConsole(line, {
    serverInfo: () => serverInfo(world, now),
    players: () => statusPlayers(world, now),
  });
  for (const said of answer.broadcasts ?? [])
    emit({ type: 'console', level: 'info', message: rustChatLine(said) });
  return resultFor(answer.reply?.message ?? null, answer.reply?.type);
};

const statusPlayers = (world: SimulatedWorld, now: number): RustStatusPlayer[] =>
  world.players().map((player) => ({
    steamId: player.steamId,
    name: player.name,
    ping: player.ping,
    connectedSeconds: Math.max(0, Math.floor((now - player.joinedAt) / 1000)),
    ip: player.ip,
  }));

const serverInfo = (world: SimulatedWorld, now: number): RustServerInfo => {
  const { fps, entities, memoryMb } = world.performance();
  return {
    Hostname: world.hostname,
    MaxPlayers: world.maxPlayers,
    Players: world.players().length,
    Queued: 0,
    Joining: 0,
    ReservedSlots: 0,
    EntityCount: entities,
    GameTime: rustDateTime(new Date(now)),
    Uptime: Math.floor((now - world.startedAt) / 1000),
    Map: 'Procedural Map',
    Framerate: Math.round(fps * 10) / 10,
    Memory: memoryMb,
    // The game's own plus what the rest of its machine uses.
    MemoryUsageSystem: memoryMb + 4096,
    Collections: 0,
    NetworkIn: 0,
    NetworkOut: 0,
    Restarting: false,
    SaveCreatedTime: new Date(world.startedAt).toISOString(),
    Version: GAME_VERSION,
    Protocol: `${GAME_VERSION}.262.1`,
  };
};
