import {
  SUSPICIOUS_FACTOR_LABELS,
  SUSPICIOUS_FACTORS,
  type SuspiciousEvidence,
  type SuspiciousFactor,
  type SuspiciousFactorKey,
  type SuspiciousPopulation,
  type SuspiciousSettings,
} from '@outpost/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A population smaller than this has no meaningful deviation: its z-scores count nothing. */
export const MIN_POPULATION = 5;
/** Evidence lists (ids, times) keep this many, newest first. */
export const EVIDENCE_MAX = 10;

/** What is known of one player on the scored server or network (gathered by suspicious-facts). */
export type PlayerFacts = {
  steamId: string;
  name: string;
  kills: number;
  deaths: number;
  headshots: number;
  playtimeMinutes: number;
  firstJoined: number;
  reports: { count: number; reporters: number; ids: string[]; times: number[] };
  violations: { count: number; kinds: string[]; ids: string[]; times: number[] };
  /** Names used within the window, newest first. */
  names: string[];
  /** Banned accounts seen on one of this player's addresses, and those addresses. */
  banned: { steamIds: string[]; ips: string[] };
};

export type Populations = { kd: SuspiciousPopulation; headshots: SuspiciousPopulation };

export const kdOf = (facts: Pick<PlayerFacts, 'kills' | 'deaths'>): number =>
  facts.kills / Math.max(1, facts.deaths);
export const headshotRateOf = (facts: Pick<PlayerFacts, 'kills' | 'headshots'>): number =>
  facts.kills > 0 ? facts.headshots / facts.kills : 0;

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** Mean and (population) standard deviation of the values, rounded for display. */
export const populationOf = (values: readonly number[]): SuspiciousPopulation => {
  if (!values.length) return { mean: 0, deviation: 0, players: 0 };
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / values.length;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return {
    mean: round(mean, 3),
    deviation: round(Math.sqrt(squares / values.length), 3),
    players: values.length,
  };
};

/**
 * The server's (or network's) population: K/D over everyone who killed or died, headshot rate
 * over everyone who killed. The outlier is part of it, as a moderator reading the figures expects.
 */
export const populationsOf = (players: readonly PlayerFacts[]): Populations => {
  const kd: number[] = [];
  const headshots: number[] = [];
  for (const player of players) {
    if (player.kills + player.deaths > 0) kd.push(kdOf(player));
    if (player.kills > 0) headshots.push(headshotRateOf(player));
  }
  return { kd: populationOf(kd), headshots: populationOf(headshots) };
};

export const zScoreOf = (value: number, population: SuspiciousPopulation): number =>
  population.players < MIN_POPULATION || population.deviation === 0
    ? 0
    : (value - population.mean) / population.deviation;

const isoTimes = (times: readonly number[]) =>
  times.slice(0, EVIDENCE_MAX).map((time) => new Date(time).toISOString());

const factor = (
  key: SuspiciousFactorKey,
  settings: SuspiciousSettings,
  value: number,
  summary: string,
  evidence: SuspiciousEvidence,
): SuspiciousFactor => {
  const weight = settings.weights[key];
  const counted = round(value, 2);
  return {
    key,
    label: SUSPICIOUS_FACTOR_LABELS[key],
    weight,
    value: counted,
    contribution: round(weight * counted),
    summary,
    evidence,
  };
};

type Context = { now: number; viewIp: boolean };
type Measure = (
  facts: PlayerFacts,
  settings: SuspiciousSettings,
  populations: Populations,
  context: Context,
) => number;

const isNewPlayer = (facts: PlayerFacts, settings: SuspiciousSettings, now: number) =>
  (now - facts.firstJoined) / DAY <= settings.thresholds.newPlayerDays;
const killsPerHour = (facts: PlayerFacts) => facts.kills / (Math.max(facts.playtimeMinutes, 1) / 60);

/**
 * What each factor measures (the value its weight multiplies), apart from how it is explained:
 * a whole server is scored from these alone, and only the players listed are explained.
 */
export const VALUES: Readonly<Record<SuspiciousFactorKey, Measure>> = {
  reports: ({ reports }) => reports.reporters,
  kd: (facts, { thresholds }, { kd }) => {
    const z = zScoreOf(kdOf(facts), kd);
    return z >= thresholds.zScore && facts.kills >= thresholds.minKills ? z : 0;
  },
  headshots: (facts, { thresholds }, { headshots }) => {
    const z = zScoreOf(headshotRateOf(facts), headshots);
    return z >= thresholds.zScore && facts.kills >= thresholds.minKills ? z : 0;
  },
  violations: ({ violations }) => violations.count,
  banEvasion: ({ banned }) => banned.steamIds.length,
  nameChanges: ({ names }, { thresholds }) => (names.length >= thresholds.nameCount ? names.length - 1 : 0),
  newPlayerKills: (facts, settings, _populations, { now }) => {
    const { minKills, newPlayerKillsPerHour } = settings.thresholds;
    const rate = killsPerHour(facts);
    return isNewPlayer(facts, settings, now) && facts.kills >= minKills && rate > newPlayerKillsPerHour
      ? rate / newPlayerKillsPerHour
      : 0;
  },
};

/** The score alone (the sum scorePlayer answers, rounded the same way), for a whole server. */
export const scoreOf = (
  facts: PlayerFacts,
  settings: SuspiciousSettings,
  populations: Populations,
  context: Context,
): number => {
  let sum = 0;
  for (const key of SUSPICIOUS_FACTORS)
    sum += round(settings.weights[key] * round(VALUES[key](facts, settings, populations, context), 2));
  return round(sum);
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

type Scorer = (
  facts: PlayerFacts,
  settings: SuspiciousSettings,
  populations: Populations,
  context: Context,
) => SuspiciousFactor;

/** One scorer per factor: each says what it measured even when it adds nothing. */
export const SCORERS: Readonly<Record<SuspiciousFactorKey, Scorer>> = {
  reports: ({ reports }, settings) =>
    factor(
      'reports',
      settings,
      reports.reporters,
      reports.count ? `${reports.count} from ${plural(reports.reporters, 'player')}` : 'none',
      {
        counts: { reports: reports.count, reporters: reports.reporters },
        ids: reports.ids.slice(0, EVIDENCE_MAX),
        times: isoTimes(reports.times),
      },
    ),

  kd: (facts, settings, populations, context) => {
    const { kd } = populations;
    const ratio = kdOf(facts);
    const z = zScoreOf(ratio, kd);
    return factor(
      'kd',
      settings,
      VALUES.kd(facts, settings, populations, context),
      `${round(ratio, 2)} (z=${round(z)})`,
      {
        counts: { kills: facts.kills, deaths: facts.deaths, kd: round(ratio, 2), z: round(z, 2) },
        population: kd,
      },
    );
  },

  headshots: (facts, settings, populations, context) => {
    const { headshots } = populations;
    const rate = headshotRateOf(facts);
    const z = zScoreOf(rate, headshots);
    return factor(
      'headshots',
      settings,
      VALUES.headshots(facts, settings, populations, context),
      `${Math.round(rate * 100)}% (z=${round(z)})`,
      {
        counts: { kills: facts.kills, headshots: facts.headshots, rate: round(rate, 3), z: round(z, 2) },
        population: headshots,
      },
    );
  },

  violations: ({ violations }, settings) =>
    factor(
      'violations',
      settings,
      violations.count,
      violations.count ? `${violations.count} (${violations.kinds.join(', ')})` : 'none',
      {
        counts: { violations: violations.count },
        ids: violations.ids.slice(0, EVIDENCE_MAX),
        times: isoTimes(violations.times),
        kinds: violations.kinds,
      },
    ),

  banEvasion: ({ banned }, settings, _populations, { viewIp }) =>
    factor(
      'banEvasion',
      settings,
      banned.steamIds.length,
      banned.steamIds.length ? plural(banned.steamIds.length, 'banned account') : 'none',
      {
        counts: { bannedAccounts: banned.steamIds.length, sharedIps: banned.ips.length },
        ids: banned.steamIds.slice(0, EVIDENCE_MAX),
        ...(viewIp ? { ips: banned.ips.slice(0, EVIDENCE_MAX) } : {}),
      },
    ),

  nameChanges: (facts, settings, populations, context) => {
    const { names } = facts;
    const extra = VALUES.nameChanges(facts, settings, populations, context);
    return factor(
      'nameChanges',
      settings,
      extra,
      `${plural(names.length, 'name')} in ${settings.thresholds.nameWindowHours} h`,
      {
        counts: { names: names.length },
        names: names.slice(0, EVIDENCE_MAX),
      },
    );
  },

  newPlayerKills: (facts, settings, populations, context) => {
    const ageDays = (context.now - facts.firstJoined) / DAY;
    const rate = killsPerHour(facts);
    return factor(
      'newPlayerKills',
      settings,
      VALUES.newPlayerKills(facts, settings, populations, context),
      isNewPlayer(facts, settings, context.now)
        ? `${round(rate)} kills/h, first seen ${round(ageDays)} d ago`
        : 'not new',
      {
        counts: {
          kills: facts.kills,
          playtimeMinutes: facts.playtimeMinutes,
          killsPerHour: round(rate, 2),
          ageDays: round(ageDays, 2),
        },
        times: [new Date(facts.firstJoined).toISOString()],
      },
    );
  },
};

/** Every factor of a player, in SUSPICIOUS_FACTORS order, and their sum. */
export const scorePlayer = (
  facts: PlayerFacts,
  settings: SuspiciousSettings,
  populations: Populations,
  context: Context,
): { score: number; factors: SuspiciousFactor[] } => {
  const factors = SUSPICIOUS_FACTORS.map((key) => SCORERS[key](facts, settings, populations, context));
  return { score: round(factors.reduce((sum, f) => sum + f.contribution, 0)), factors };
};

/**
 * What a dismissal rests on: the newest report and violation then (times, so a server's list and
 * the network's agree), the names and banned accounts, and the network's score. A newer report
 * or violation, more names or banned accounts, or (on the network's list) a higher score is new
 * evidence: the dismissal lapses.
 */
export type EvidenceMark = {
  reportAt: number;
  violationAt: number;
  names: number;
  banned: number;
  score: number;
};

export const markOf = (facts: PlayerFacts, score: number): EvidenceMark => ({
  reportAt: facts.reports.times[0] ?? 0,
  violationAt: facts.violations.times[0] ?? 0,
  names: facts.names.length,
  banned: facts.banned.steamIds.length,
  score,
});

export const hasNewEvidence = (mark: EvidenceMark, now: EvidenceMark, compareScore: boolean): boolean =>
  now.reportAt > mark.reportAt ||
  now.violationAt > mark.violationAt ||
  now.names > mark.names ||
  now.banned > mark.banned ||
  (compareScore && now.score > mark.score);
