// Suspicious activity (issue 28, Premium): an explainable score per player. Every factor answers
// its weight, its value, the evidence behind it and what it adds; the score is the sum of those
// contributions, so a moderator can always say why a player is on the list.
//
// GET /api/servers/{id}/suspicious and GET /api/networks/{id}/suspicious (moderators and up)
// answer SuspiciousList; GET/PUT /api/networks/{id}/suspicious/settings (owner, admin) the
// weights and thresholds; POST /api/networks/{id}/suspicious/{steamId}/dismiss|flag a review.

/** The factors, in the order the screen lists them. */
export const SUSPICIOUS_FACTORS = [
  'reports',
  'kd',
  'headshots',
  'violations',
  'banEvasion',
  'nameChanges',
  'newPlayerKills',
] as const;
export type SuspiciousFactorKey = (typeof SUSPICIOUS_FACTORS)[number];

export const SUSPICIOUS_FACTOR_LABELS: Readonly<Record<SuspiciousFactorKey, string>> = {
  reports: 'Reports',
  kd: 'K/D',
  headshots: 'Headshot rate',
  violations: 'AntiHack violations',
  banEvasion: 'Shares an IP with a banned account',
  nameChanges: 'Name changes',
  newPlayerKills: 'New player kill rate',
};

/** What one unit of each factor's value is worth (the contribution is weight × value). */
export const SUSPICIOUS_WEIGHT_UNITS: Readonly<Record<SuspiciousFactorKey, string>> = {
  reports: 'per distinct reporter',
  kd: 'per standard deviation above the mean',
  headshots: 'per standard deviation above the mean',
  violations: 'per violation',
  banEvasion: 'per banned account sharing an IP',
  nameChanges: 'per extra name in the window',
  newPlayerKills: 'per multiple of the kill-rate threshold',
};

export type SuspiciousWeights = Record<SuspiciousFactorKey, number>;

export type SuspiciousThresholds = {
  /** K/D and headshot rate count only at or above this many standard deviations. */
  zScore: number;
  /** Kills a player needs before K/D and headshot rate are judged. */
  minKills: number;
  /** Names counted within this many hours... */
  nameWindowHours: number;
  /** ...and counted once a player used at least this many. */
  nameCount: number;
  /** A player first seen within this many days is new... */
  newPlayerDays: number;
  /** ...and an outlier above this many kills per hour played. */
  newPlayerKillsPerHour: number;
};

export type SuspiciousSettings = { weights: SuspiciousWeights; thresholds: SuspiciousThresholds };

export const DEFAULT_SUSPICIOUS_SETTINGS: SuspiciousSettings = {
  weights: {
    reports: 10,
    kd: 8,
    headshots: 8,
    violations: 15,
    banEvasion: 25,
    nameChanges: 5,
    newPlayerKills: 10,
  },
  thresholds: {
    zScore: 2,
    minKills: 10,
    nameWindowHours: 24,
    nameCount: 3,
    newPlayerDays: 3,
    newPlayerKillsPerHour: 10,
  },
};

/** Each weight: a number from 0 to this. */
export const SUSPICIOUS_WEIGHT_MAX = 100;
/** Each threshold's bounds (inclusive); whole numbers except zScore. */
export const SUSPICIOUS_THRESHOLD_LIMITS: Readonly<
  Record<keyof SuspiciousThresholds, { min: number; max: number }>
> = {
  zScore: { min: 0.5, max: 10 },
  minKills: { min: 1, max: 1000 },
  nameWindowHours: { min: 1, max: 720 },
  nameCount: { min: 2, max: 50 },
  newPlayerDays: { min: 1, max: 90 },
  newPlayerKillsPerHour: { min: 1, max: 1000 },
};

export const SUSPICIOUS_THRESHOLD_LABELS: Readonly<Record<keyof SuspiciousThresholds, string>> = {
  zScore: 'Standard deviations before K/D and headshots count',
  minKills: 'Kills before K/D and headshots are judged',
  nameWindowHours: 'Name window (hours)',
  nameCount: 'Names in the window before they count',
  newPlayerDays: 'A player is new for (days)',
  newPlayerKillsPerHour: "A new player's kills per hour before they count",
};

/** A population figure: the mean and standard deviation over the players it was taken from. */
export type SuspiciousPopulation = { mean: number; deviation: number; players: number };

/** What a factor rests on; only the keys that apply are present. */
export type SuspiciousEvidence = {
  /** E.g. {reports: 3, reporters: 3}, {kills: 40, deaths: 2}. */
  counts?: Record<string, number>;
  /** The rows behind it: report ids, violation ids, banned accounts' steamIds. */
  ids?: string[];
  /** When it happened (ISO), newest first, at most 10. */
  times?: string[];
  /** The population the z-score was taken against. */
  population?: SuspiciousPopulation;
  /** Names used in the window, newest first. */
  names?: string[];
  /** AntiHack kinds seen (FlyHack, SpeedHack...). */
  kinds?: string[];
  /** Shared addresses: only for those who may see IPs (players.viewIp). */
  ips?: string[];
};

export type SuspiciousFactor = {
  key: SuspiciousFactorKey;
  label: string;
  weight: number;
  /** The measured value the weight multiplies (reporters, z, violations...); 0 when it adds nothing. */
  value: number;
  /** weight × value, rounded to a tenth. */
  contribution: number;
  /** One line for the list, e.g. "3 from 3 players", "z=3.1". */
  summary: string;
  evidence: SuspiciousEvidence;
};

export const SUSPICIOUS_REVIEW_STATES = ['dismissed', 'flagged'] as const;
export type SuspiciousReviewState = (typeof SUSPICIOUS_REVIEW_STATES)[number];

export type SuspiciousReview = {
  state: SuspiciousReviewState;
  note: string | null;
  byName: string;
  at: string;
};

export type SuspiciousPlayer = {
  steamId: string;
  name: string;
  /** The sum of the factors' contributions. */
  score: number;
  /** Every factor, contributing or not, in SUSPICIOUS_FACTORS order. */
  factors: SuspiciousFactor[];
  /**
   * The latest review. A dismissal holds until new evidence arrives (a report, a violation, a
   * name, a banned account or a higher score), then `review` is null again.
   */
  review: SuspiciousReview | null;
};

export type SuspiciousList = {
  /** Players with a score above zero, highest first (dismissed ones last), at most SUSPICIOUS_LIST_MAX. */
  players: SuspiciousPlayer[];
  /** Players scored (everyone seen on the server or network). */
  scored: number;
  population: { kd: SuspiciousPopulation; headshots: SuspiciousPopulation };
  settings: SuspiciousSettings;
  scoredAt: string;
};

export const SUSPICIOUS_LIST_MAX = 200;
/** A dismissal's or flag's note: at most this many characters (optional for a flag). */
export const SUSPICIOUS_NOTE_MAX = 500;

export type SuspiciousReviewRequest = { note?: string };
