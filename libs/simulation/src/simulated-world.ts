import {
  PLUGIN_MAX_HEARTBEAT_PLAYERS,
  type HeartbeatRequest,
  type NewPluginEvent,
} from '@outpost/plugin-sdk';
import { Cheaters } from './cheaters';
import { deathLine, SAVE_INTERVAL_MS, saveLine } from './game-lines';
import { CHAT_LINES, newPlayer, randomPosition, WEAPONS, wander, type SimulatedPlayer } from './population';
import { createRandom, poisson, type Random } from './random';

/** A player the panel last saw on the server, with when they joined (ms since epoch). */
export type ResumedPlayer = {
  steamId: string;
  name: string;
  ip?: string | null;
  groups?: string[];
  joinedAt: number;
};

/**
 * Where a server stood when its simulation last stopped, as the panel stored it: when the game
 * server started (its uptime goes on from there) and who was on it since when.
 */
export type SimulationResume = { startedAt: number; online: readonly ResumedPlayer[] };

export type SimulatedWorldOptions = {
  seed: number;
  /** The population the server hovers around. */
  players: number;
  maxPlayers?: number;
  hostname?: string;
  /** Everything that happens that the panel hears about. */
  emit: (event: NewPluginEvent) => void;
  /** Goes on from there instead of a server that has been up a random while. */
  resume?: SimulationResume;
};

/** The game's build the server runs. */
export const GAME_VERSION = 2590;

/** A kicked player stays away this long before trying again. */
const KICK_COOLDOWN_MS = 5 * 60_000;
/** Mean session length and mean gaps between one player's chat lines and kills. */
const MEAN_SESSION_S = 45 * 60;
const MEAN_CHAT_GAP_S = 6 * 60;
const MEAN_KILL_GAP_S = 10 * 60;
/** Mean gap between one player's deaths to animals, NPCs, falls and the cold (console lines). */
const MEAN_DEATH_GAP_S = 12 * 60;

/** How long the server has been up when the simulation starts (seconds). */
const MIN_UPTIME_S = 2 * 3600;
const MAX_UPTIME_S = 30 * 3600;

type Ban = { reason: string; expiresAt: number | null };

/**
 * What happens on a Rust server in miniature: players join and leave, wander, chat, kill and
 * report each other; a few cheat (AntiHack prints their violations, others report them); the
 * console prints deaths and saves; bans and kicks keep people out; fps and entities drift. The
 * same seed gives the same server, players and events.
 */
export class SimulatedWorld {
  readonly hostname: string;
  readonly worldSize: number;
  readonly seed: number;
  readonly maxPlayers: number;
  /** When the game server started: it had been up a while before the panel first heard of it. */
  readonly startedAt: number;
  private readonly random: Random;
  private readonly emit: (event: NewPluginEvent) => void;
  private readonly online = new Map<string, SimulatedPlayer>();
  /** Players who left and may come back. */
  private readonly away = new Map<string, SimulatedPlayer>();
  private readonly bans = new Map<string, Ban>();
  private readonly kickedUntil = new Map<string, number>();
  private readonly cheaters: Cheaters;
  private fps = 60;
  private entities: number;

  constructor(private readonly options: SimulatedWorldOptions) {
    this.seed = options.seed;
    this.emit = options.emit;
    this.random = createRandom(this.seed);
    this.hostname = options.hostname ?? `Outpost Simulated ${this.random.int(1, 99)} | Monthly`;
    this.worldSize = this.random.pick([3000, 3500, 4000, 4250, 4500]);
    this.maxPlayers = Math.min(
      PLUGIN_MAX_HEARTBEAT_PLAYERS,
      options.maxPlayers ?? Math.max(50, Math.ceil((options.players * 1.2) / 10) * 10),
    );
    this.entities = 60_000 + this.random.int(0, 40_000);
    this.cheaters = new Cheaters({
      random: this.random,
      seed: this.seed,
      emit: this.emit,
      kill: (killer, victim, headshotChance) => this.kill(killer, victim, headshotChance),
    });
    const now = Date.now();
    const upSince = now - this.random.int(MIN_UPTIME_S, MAX_UPTIME_S) * 1000;
    const { resume } = options;
    this.startedAt = resume?.startedAt ?? upSince;
    const initial = resume?.online.length ? this.resumed(resume.online) : this.firstPlayers(now);
    for (const player of initial) {
      this.online.set(player.steamId, player);
      this.cheaters.arrived(player, now, !resume?.online.length);
    }
  }

  /** Those the panel last saw here, where they were. */
  private resumed(online: readonly ResumedPlayer[]): SimulatedPlayer[] {
    return online.slice(0, this.maxPlayers).map((seen) => {
      const player = newPlayer(this.random, this.worldSize, seen.joinedAt);
      return {
        ...player,
        steamId: seen.steamId,
        name: seen.name,
        ip: seen.ip ?? player.ip,
        groups: seen.groups?.length ? [...seen.groups] : player.groups,
      };
    });
  }

  /** The players on a server the panel never heard from: one of them cheats. */
  private firstPlayers(now: number): SimulatedPlayer[] {
    const count = Math.round(this.target() * this.random.between(0.85, 1));
    // Those online at start joined since the server started (a session never outlasts the uptime).
    const joined = () => newPlayer(this.random, this.worldSize, now - this.random.int(0, 3600) * 1000);
    const players = Array.from({ length: count }, joined);
    if (players.length > 1 && !players.some((player) => this.cheaters.kindOf(player.steamId))) {
      let cheater = joined();
      for (let tries = 0; tries < 1000 && !this.cheaters.kindOf(cheater.steamId); tries += 1)
        cheater = joined();
      players[0] = cheater;
    }
    return players;
  }

  /** The players on the server now. */
  players(): SimulatedPlayer[] {
    return [...this.online.values()];
  }

  player(steamId: string): SimulatedPlayer | undefined {
    return this.online.get(steamId);
  }

  isBanned(steamId: string, now = Date.now()): boolean {
    const ban = this.bans.get(steamId);
    return !!ban && (ban.expiresAt === null || ban.expiresAt > now);
  }

  /** A player tries to connect: refused while banned (or just kicked). */
  tryJoin(player: SimulatedPlayer, now = Date.now()): boolean {
    if (this.online.has(player.steamId) || this.online.size >= this.maxPlayers) return false;
    if (this.isBanned(player.steamId, now)) {
      this.emit({
        type: 'log',
        level: 'warning',
        message: `Refused ${player.name} (${player.steamId}): banned (${this.bans.get(player.steamId)?.reason})`,
      });
      return false;
    }
    if ((this.kickedUntil.get(player.steamId) ?? 0) > now) return false;
    this.away.delete(player.steamId);
    const joined = { ...player, joinedAt: now, position: randomPosition(this.random, this.worldSize) };
    this.online.set(joined.steamId, joined);
    this.emit({ type: 'connect', steamId: joined.steamId, name: joined.name, ip: joined.ip });
    this.cheaters.arrived(joined, now);
    return true;
  }

  /** The player leaves and stays away a while. */
  kick(player: SimulatedPlayer, reason: string, now: number): void {
    // A cheater is back within a couple of minutes; anyone else stays away a while.
    this.kickedUntil.set(player.steamId, this.cheaters.kicked(player, now) ?? now + KICK_COOLDOWN_MS);
    this.leave(player, `Kicked: ${reason}`, now);
  }

  /** Bans the Steam id (until `expiresAt`, ms, or for good); a player online leaves. */
  ban(steamId: string, reason: string, expiresAt: number | null, now: number): void {
    this.bans.set(steamId, { reason, expiresAt });
    const player = this.online.get(steamId);
    if (player) this.leave(player, `Banned: ${reason}`, now);
  }

  /** Lifts a ban and a kick's wait; false if the Steam id was not banned. */
  unban(steamId: string): boolean {
    this.kickedUntil.delete(steamId);
    return this.bans.delete(steamId);
  }

  /** Fps, entity count and memory now. */
  performance(): { fps: number; entities: number; memoryMb: number } {
    return {
      fps: this.fps,
      entities: this.entities,
      memoryMb: Math.round(3000 + this.entities / 40 + this.online.size * 12),
    };
  }

  /** The server as a heartbeat reports it. */
  state(now = Date.now()): HeartbeatRequest {
    const { fps, entities, memoryMb } = this.performance();
    return {
      hostname: this.hostname,
      map: 'Procedural Map',
      worldSize: this.worldSize,
      seed: this.seed,
      maxPlayers: this.maxPlayers,
      fps: Math.round(fps * 10) / 10,
      entities,
      memoryMb,
      uptimeSeconds: Math.floor((now - this.startedAt) / 1000),
      version: String(GAME_VERSION),
      players: this.players().map((player) => ({
        steamId: player.steamId,
        name: player.name,
        ip: player.ip,
        ping: player.ping,
        position: player.position,
        connectedSeconds: Math.max(0, Math.floor((now - player.joinedAt) / 1000)),
        groups: player.groups,
      })),
    };
  }

  /** What happens on a Rust server in `seconds`: people wander, leave, join, chat, fight and die. */
  advance(seconds: number, now: number): void {
    if (seconds <= 0) return;
    for (const player of this.online.values()) {
      player.position = wander(this.random, player.position, this.worldSize);
      player.ping = Math.max(5, Math.min(300, player.ping + this.random.int(-10, 10)));
      if (this.random.chance(seconds / MEAN_SESSION_S)) this.leave(player, 'Disconnected', now);
      else if (this.random.chance(seconds / MEAN_CHAT_GAP_S))
        this.emit({
          type: 'chat',
          steamId: player.steamId,
          name: player.name,
          channel: this.random.chance(0.2) ? 'team' : 'global',
          message: this.random.pick(CHAT_LINES),
        });
      else if (this.random.chance(seconds / MEAN_DEATH_GAP_S))
        this.emit({ type: 'console', level: 'info', message: deathLine(this.random, player) });
    }
    this.join(now);
    const fighters = this.players();
    const kills =
      fighters.length < 2 ? 0 : poisson(this.random, (fighters.length * seconds) / MEAN_KILL_GAP_S);
    for (let i = 0; i < kills; i += 1) {
      const killer = this.random.pick(fighters);
      let victim = this.random.pick(fighters);
      while (victim === killer) victim = this.random.pick(fighters);
      this.kill(killer, victim, 0.25);
    }
    this.cheaters.advance(this.online, seconds, now);
    if (fighters.length >= 2 && this.random.chance(seconds / 900)) {
      const [reporter, target] = [this.random.pick(fighters), this.random.pick(fighters)];
      if (reporter !== target)
        this.emit({
          type: 'report',
          reporterSteamId: reporter.steamId,
          targetSteamId: target.steamId,
          reporterName: reporter.name,
          targetName: target.name,
          subject: 'Cheating',
          message: `${target.name} is shooting through walls`,
          category: 'cheat',
        });
    }
    this.fps = Math.max(20, Math.min(120, this.fps + this.random.between(-4, 4) + (60 - this.fps) * 0.2));
    this.entities = Math.max(20_000, this.entities + Math.round(this.random.between(-20, 60) * seconds));
    // The autosave, every SAVE_INTERVAL_MS since the server started.
    const saves = (at: number) => Math.floor((at - this.startedAt) / SAVE_INTERVAL_MS);
    if (saves(now) > saves(now - seconds * 1000))
      this.emit({ type: 'console', level: 'info', message: saveLine(this.random, this.entities) });
  }

  private kill(killer: SimulatedPlayer, victim: SimulatedPlayer, headshotChance: number): void {
    const weapon = this.random.pick(WEAPONS);
    this.emit({
      type: 'kill',
      killerSteamId: killer.steamId,
      victimSteamId: victim.steamId,
      weapon,
      distance:
        Math.round(
          this.random.between(weapon === 'Rock' ? 1 : 5, weapon === 'Bolt Action Rifle' ? 350 : 120) * 10,
        ) / 10,
      headshot: this.random.chance(headshotChance),
    });
  }

  private target(): number {
    return Math.min(this.options.players, this.maxPlayers);
  }

  /** The population drifts around the target; a third of arrivals are players coming back. */
  private join(now: number): void {
    for (const cheater of this.cheaters.back(now)) this.tryJoin(cheater, now);
    const target = this.target();
    const wave = 0.9 + 0.1 * Math.sin(((now - this.startedAt) / 3_600_000) * 2 * Math.PI);
    const missing = Math.round(target * wave) - this.online.size;
    const arrivals = Math.min(missing, Math.max(1, Math.ceil(target * 0.05)));
    for (let i = 0; i < arrivals; i += 1) {
      const returning =
        this.away.size > 0 && this.random.chance(0.35) ? this.random.pick([...this.away.values()]) : null;
      this.tryJoin(returning ?? newPlayer(this.random, this.worldSize, now), now);
    }
  }

  private leave(player: SimulatedPlayer, reason: string, now: number): void {
    this.online.delete(player.steamId);
    this.cheaters.left(player.steamId);
    this.away.set(player.steamId, player);
    if (this.away.size > 5000) this.away.delete(this.away.keys().next().value as string);
    this.emit({ type: 'disconnect', steamId: player.steamId, reason, at: new Date(now) });
  }
}
