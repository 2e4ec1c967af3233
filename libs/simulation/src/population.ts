// Who plays on a simulated server: Steam ids, names, addresses, and what they say and shoot with.
import type { PluginPosition } from '@outpost/plugin-sdk';
import type { Random } from './random';

export type SimulatedPlayer = {
  steamId: string;
  name: string;
  ip: string;
  ping: number;
  position: PluginPosition;
  groups: string[];
  /** When they joined this time (ms since epoch). */
  joinedAt: number;
};

const PREFIXES = [
  'Rusty',
  'Naked',
  'Salty',
  'Toxic',
  'Silent',
  'Wild',
  'Lucky',
  'Grim',
  'Frosty',
  'Sneaky',
  'Iron',
  'Scrap',
  'Night',
  'Bush',
  'Rock',
  'Sulfur',
];
const SUFFIXES = [
  'Wolf',
  'Bear',
  'Boar',
  'Raider',
  'Camper',
  'Builder',
  'Hunter',
  'Farmer',
  'Sniper',
  'Looter',
  'Chicken',
  'Nomad',
  'Viking',
  'Miner',
  'Fisher',
  'Roamer',
];

export const CHAT_LINES = [
  'anyone selling sulfur?',
  'outpost trade?',
  'who is raiding at F12',
  'gg',
  'lol',
  'heli is up',
  'bradley down at launch',
  'need a team, pm me',
  'wipe when?',
  'stop shooting I am friendly',
  'free kits at outpost',
  'my base got offlined again',
  'anyone got a spare hazzy',
  'cargo is in',
  'nice shot',
] as const;

export const WEAPONS = [
  'AK-47',
  'LR-300',
  'Bolt Action Rifle',
  'Thompson',
  'MP5A4',
  'Pump Shotgun',
  'Python Revolver',
  'Semi-Automatic Rifle',
  'Crossbow',
  'Compound Bow',
  'Custom SMG',
  'Rock',
] as const;

/** A SteamID64 of an individual account: 7656119 followed by ten digits. */
export const randomSteamId = (random: Random): string =>
  `7656119${String(random.int(0, 9_999_999_999)).padStart(10, '0')}`;

export const randomName = (random: Random): string => {
  const name = `${random.pick(PREFIXES)}${random.pick(SUFFIXES)}`;
  return random.chance(0.6) ? `${name}${random.int(1, 999)}` : name;
};

/** A public-looking IPv4 address (no private, loopback or multicast ranges). */
export const randomIp = (random: Random): string => {
  let first = random.int(11, 223);
  while ([10, 100, 127, 169, 172, 192].includes(first)) first = random.int(11, 223);
  return `${first}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
};

export const randomPosition = (random: Random, worldSize: number): PluginPosition => {
  const half = worldSize / 2;
  return {
    x: Math.round(random.between(-half, half) * 10) / 10,
    y: Math.round(random.between(0, 60) * 10) / 10,
    z: Math.round(random.between(-half, half) * 10) / 10,
  };
};

export const newPlayer = (random: Random, worldSize: number, now: number): SimulatedPlayer => ({
  steamId: randomSteamId(random),
  name: randomName(random),
  ip: randomIp(random),
  ping: random.int(15, 180),
  position: randomPosition(random, worldSize),
  groups: random.chance(0.05) ? ['default', 'vip'] : ['default'],
  joinedAt: now,
});

/** A step of a few metres, kept inside the map. */
export const wander = (random: Random, position: PluginPosition, worldSize: number): PluginPosition => {
  const half = worldSize / 2;
  const clamp = (value: number) => Math.round(Math.max(-half, Math.min(half, value)) * 10) / 10;
  return {
    x: clamp(position.x + random.between(-40, 40)),
    y: Math.round(Math.max(0, Math.min(120, position.y + random.between(-3, 3))) * 10) / 10,
    z: clamp(position.z + random.between(-40, 40)),
  };
};
