// The demo network's fixed shape: who owns it, what it is called, and its simulated servers.
import type { EntityManager } from '@mikro-orm/core';
import { Network } from '../tenancy';

/** Owns the demo network; a user nobody signs in as (its mailbox does not exist). */
export const DEMO_OWNER = { id: 'outpost-system', email: 'system@outpost.local', name: 'Outpost' } as const;

/**
 * The demo's simulated moderator (DemoStaff): a moderator of the demo network nobody signs in as,
 * whose kicks, warns, bans and report work the demo shows.
 */
export const DEMO_STAFF = {
  id: 'outpost-demo-moderator',
  email: 'moderator@outpost.local',
  name: 'Mira (simulated moderator)',
  role: 'moderator',
} as const;

export const DEMO_NETWORK = {
  name: 'Demo Network',
  description: 'A live network of simulated Rust servers',
  gradient: { from: '#f97316', to: '#b91c1c', direction: '135deg' },
} as const;

export const DEMO_SERVERS = [
  {
    name: 'Outpost Demo | EU Main',
    hostname: 'Outpost Demo | EU Main | Monthly',
    address: 'eu.demo.outpost.gg:28015',
    players: 100,
    maxPlayers: 150,
    seed: 1001,
  },
  {
    name: 'Outpost Demo | US Vanilla',
    hostname: 'Outpost Demo | US Vanilla | Weekly',
    address: 'us.demo.outpost.gg:28015',
    players: 60,
    maxPlayers: 100,
    seed: 2002,
  },
  {
    name: 'Outpost Demo | Asia 2x',
    hostname: 'Outpost Demo | Asia 2x | Biweekly',
    address: 'asia.demo.outpost.gg:28015',
    players: 35,
    maxPlayers: 75,
    seed: 3003,
  },
] as const;

/**
 * Alert rules of the demo network, each firing on what the simulated servers really do: every F7
 * report, and the EU server above 95 players for 5 minutes (its population swells and ebbs hourly
 * between 90 and 100).
 */
export const DEMO_ALERT_RULES = [
  { kind: 'report_created', server: null, threshold: null, minutes: null },
  { kind: 'players_above', server: DEMO_SERVERS[0].name, threshold: 95, minutes: 5 },
] as const;

/** The demo network's row, found by its fixed owner and name. */
export const findDemoNetwork = (em: EntityManager): Promise<Network | null> =>
  em.findOne(Network, { ownerId: DEMO_OWNER.id, name: DEMO_NETWORK.name });
