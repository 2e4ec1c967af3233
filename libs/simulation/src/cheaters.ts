// The cheaters among a simulated server's players: what AntiHack prints about them, the F7 reports
// the others send, and the kills they make.
import type { NewPluginEvent } from '@outpost/plugin-sdk';
import { antiHackLine, CHEAT_KINDS, type CheatKind } from './game-lines';
import type { SimulatedPlayer } from './population';
import { poisson, type Random } from './random';

/** About one player in this many cheats. */
const ONE_IN = 40;
/** Mean seconds between a cheater's AntiHack violations, F7 reports about them and their kills. */
const MEAN_VIOLATION_GAP_S = 90;
const MEAN_REPORT_GAP_S = 240;
const MEAN_KILL_GAP_S = 45;
/** A kicked cheater tries again after this many seconds. */
const BACK_AFTER_KICK_S = [60, 150] as const;
/** A cheater's headshots: far above everyone else's quarter. */
export const CHEATER_HEADSHOT_CHANCE = 0.7;

/**
 * Whether the player cheats, and how: decided by the Steam id and the server's seed alone (an FNV-1a
 * hash), so the same player cheats the same way after the simulation starts again.
 */
export const cheatOf = (steamId: string, seed: number): CheatKind | null => {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < steamId.length; i += 1) hash = Math.imul(hash ^ steamId.charCodeAt(i), 16777619) >>> 0;
  return hash % ONE_IN === 0 ? CHEAT_KINDS[(hash >>> 8) % CHEAT_KINDS.length] : null;
};

const REPORTED: Readonly<Record<CheatKind, (name: string) => string>> = {
  FlyHack: (name) => `${name} is flying over our base`,
  SpeedHack: (name) => `${name} runs faster than a horse`,
  ProjectileHack: (name) => `${name} hits every shot through walls`,
  EyeHack: (name) => `${name} shoots us from inside a rock`,
};

type Plan = { kind: CheatKind; level: number; nextViolationAt: number; nextReportAt: number };

export type CheatersOptions = {
  random: Random;
  seed: number;
  emit: (event: NewPluginEvent) => void;
  /** A kill the world reports (the killer's headshots as likely as `headshotChance`). */
  kill: (killer: SimulatedPlayer, victim: SimulatedPlayer, headshotChance: number) => void;
};

/** The cheaters online and when each one's next violation and report come. */
export class Cheaters {
  private readonly plans = new Map<string, Plan>();
  /** Kicked cheaters and when they try to join again. */
  private readonly kickedOut = new Map<string, { player: SimulatedPlayer; at: number }>();

  constructor(private readonly options: CheatersOptions) {}

  kindOf(steamId: string): CheatKind | null {
    return cheatOf(steamId, this.options.seed);
  }

  /**
   * A player arrived at `now`: a cheater shows within minutes, or within seconds for one online
   * when the simulation starts (`early`: the demo has something to show from its first minute).
   */
  arrived(player: SimulatedPlayer, now: number, early = false): void {
    const kind = this.kindOf(player.steamId);
    if (!kind) return;
    const { random } = this.options;
    const [violation, report] = early
      ? [random.int(2, 8), random.int(3, 9)]
      : [random.int(20, 120), random.int(30, 180)];
    this.plans.set(player.steamId, {
      kind,
      level: 0,
      nextViolationAt: now + violation * 1000,
      nextReportAt: now + report * 1000,
    });
  }

  left(steamId: string): void {
    this.plans.delete(steamId);
  }

  /** A kicked player: a cheater comes back soon, at the time this answers (null for anyone else). */
  kicked(player: SimulatedPlayer, now: number): number | null {
    if (!this.kindOf(player.steamId)) return null;
    const at = now + this.options.random.int(...BACK_AFTER_KICK_S) * 1000;
    this.kickedOut.set(player.steamId, { player, at });
    return at;
  }

  /** The kicked cheaters whose time to try again has come (each once). */
  back(now: number): SimulatedPlayer[] {
    const due = [...this.kickedOut.values()].filter((entry) => entry.at <= now);
    for (const entry of due) this.kickedOut.delete(entry.player.steamId);
    return due.map((entry) => entry.player);
  }

  /** What the cheaters online did in the `seconds` up to `now`. */
  advance(online: ReadonlyMap<string, SimulatedPlayer>, seconds: number, now: number): void {
    const { random, emit, kill } = this.options;
    const others = [...online.values()].filter((player) => !this.plans.has(player.steamId));
    for (const [steamId, plan] of this.plans) {
      const cheater = online.get(steamId);
      if (!cheater) {
        this.plans.delete(steamId);
        continue;
      }
      for (; plan.nextViolationAt <= now; plan.nextViolationAt += this.gap(MEAN_VIOLATION_GAP_S)) {
        plan.level += random.between(20, 90);
        emit({
          type: 'console',
          level: 'warning',
          message: antiHackLine(cheater, plan.kind, plan.level, cheater.position),
        });
      }
      for (; plan.nextReportAt <= now; plan.nextReportAt += this.gap(MEAN_REPORT_GAP_S)) {
        if (others.length === 0) continue;
        const reporter = random.pick(others);
        emit({
          type: 'report',
          reporterSteamId: reporter.steamId,
          targetSteamId: cheater.steamId,
          reporterName: reporter.name,
          targetName: cheater.name,
          subject: 'Cheating',
          message: REPORTED[plan.kind](cheater.name),
          category: 'cheat',
          position: reporter.position,
        });
      }
      if (others.length === 0) continue;
      const kills = poisson(random, seconds / MEAN_KILL_GAP_S);
      for (let i = 0; i < kills; i += 1) kill(cheater, random.pick(others), CHEATER_HEADSHOT_CHANCE);
    }
  }

  /** Milliseconds to the next one when `meanSeconds` pass between them on average (at least 10 s). */
  private gap(meanSeconds: number): number {
    return Math.max(10, -Math.log(1 - this.options.random.next()) * meanSeconds) * 1000;
  }
}
