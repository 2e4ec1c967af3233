// Lines a Rust server prints to its console by itself, which a plugin forwards as `console` events:
// AntiHack's violations, deaths that no player caused, and the autosave's report.
import type { PluginPosition } from '@outpost/plugin-sdk';
import type { SimulatedPlayer } from './population';
import type { Random } from './random';

/** What the game's AntiHack catches (its AntiHackType names). */
export const CHEAT_KINDS = ['FlyHack', 'SpeedHack', 'ProjectileHack', 'EyeHack'] as const;
export type CheatKind = (typeof CHEAT_KINDS)[number];

/** server.saveinterval's default: the game saves its world every 10 minutes. */
export const SAVE_INTERVAL_MS = 600_000;

const coordinate = (value: number) => value.toFixed(1);

/**
 * AntiHack.LogToConsole: `Name[steamId] FlyHack: Enforcing (violation of 212.5) at (x, y, z)`, the
 * line the panel reads a violation from.
 */
export const antiHackLine = (
  player: Pick<SimulatedPlayer, 'name' | 'steamId'>,
  kind: CheatKind,
  level: number,
  at: PluginPosition,
): string =>
  `${player.name}[${player.steamId}] ${kind}: Enforcing (violation of ${level.toFixed(1)}) at (${coordinate(at.x)}, ${coordinate(at.y)}, ${coordinate(at.z)})`;

const KILLERS = ['bear', 'wolf', 'boar', 'scientistnpc_roam', 'autoturret_deployed', 'patrolhelicopter'];
const CAUSES = ['Fall', 'Drowned', 'Cold', 'Bleeding', 'Radiation'];

/**
 * A death no player caused, as the game prints it: `Name[netId/steamId] was killed by bear`, an
 * NPC as `scientistnpc_roam[netId/npcId]`, or `Name[netId/steamId] died (Fall)`.
 */
export const deathLine = (random: Random, player: Pick<SimulatedPlayer, 'name' | 'steamId'>): string => {
  const victim = `${player.name}[${random.int(1_000_000, 9_999_999)}/${player.steamId}]`;
  if (random.chance(0.35)) return `${victim} died (${random.pick(CAUSES)})`;
  const killer = random.pick(KILLERS);
  return killer === 'scientistnpc_roam' || killer === 'autoturret_deployed'
    ? `${victim} was killed by ${killer}[${random.int(1_000_000, 9_999_999)}/${random.int(100_000, 9_999_999)}]`
    : `${victim} was killed by ${killer}`;
};

/** The autosave's line: `Saved 61,234 ents, cache(0.12), write(0.03), disk(0.01).` */
export const saveLine = (random: Random, entities: number): string =>
  `Saved ${entities.toLocaleString('en-US')} ents, cache(${random.between(0.05, 0.4).toFixed(2)}), write(${random
    .between(0.01, 0.08)
    .toFixed(2)}), disk(${random.between(0.01, 0.05).toFixed(2)}).`;
