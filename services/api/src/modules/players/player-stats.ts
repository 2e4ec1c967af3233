import type { Knex } from '@mikro-orm/knex';

/** A kill a game server reported, as the players' totals count it. */
export type ReportedKill = { killerSteamId: string; victimSteamId: string; headshot: boolean };

type Tally = { kills: number; headshots: number; deaths: number };

/**
 * Adds kills to the killers' and the victims' totals (kills, headshots, deaths), one statement per
 * player, in the caller's transaction (`knex`): the kills of a batch stored once, with its events.
 */
export const addKillsToTotals = async (
  knex: Knex,
  networkId: string,
  kills: readonly ReportedKill[],
): Promise<void> => {
  const tallies = new Map<string, Tally>();
  const tally = (steamId: string) => {
    const found = tallies.get(steamId) ?? { kills: 0, headshots: 0, deaths: 0 };
    tallies.set(steamId, found);
    return found;
  };
  for (const kill of kills) {
    const killer = tally(kill.killerSteamId);
    killer.kills += 1;
    if (kill.headshot) killer.headshots += 1;
    tally(kill.victimSteamId).deaths += 1;
  }
  for (const [steamId, { kills: killed, headshots, deaths }] of tallies)
    await knex('players')
      .where({ network_id: networkId, steam_id: steamId })
      .increment({ total_kills: killed, headshots, total_deaths: deaths });
};
