import {
  PLUGIN_MAX_EVENTS_PER_BATCH,
  PLUGIN_MAX_HEARTBEAT_PLAYERS,
  PluginApiError,
  PluginClient,
  sleep,
  stampEvents,
  type CommandResultRequest,
  type HeartbeatRequest,
  type HeartbeatResponse,
  type NewPluginEvent,
  type PluginClientOptions,
  type PluginCommand,
  type PluginEvent,
} from '@outpost/plugin-sdk';
import { CHAT_LINES, newPlayer, randomPosition, WEAPONS, wander, type SimulatedPlayer } from './population';
import { createRandom, type Random } from './random';

export type SimulatedServerOptions = {
  baseUrl: string;
  token: string;
  /** The population the server hovers around. */
  players: number;
  maxPlayers?: number;
  hostname?: string;
  /** Seconds between heartbeats; by default what the panel asks for (nextHeartbeatSeconds). */
  intervalSeconds?: number;
  /** Same seed, same players and events. */
  seed?: number;
  log?: (line: string) => void;
  fetch?: PluginClientOptions['fetch'];
  /**
   * Waits for commands with the long-poll (GET /commands?wait=30) beside the heartbeats, so a
   * command runs within moments of being sent (default true); false leaves them to the heartbeats.
   */
  longPoll?: boolean;
};

/** A kicked player stays away this long before trying again. */
const KICK_COOLDOWN_MS = 5 * 60_000;
/** Mean session length and mean gaps between one player's chat lines and kills. */
const MEAN_SESSION_S = 45 * 60;
const MEAN_CHAT_GAP_S = 6 * 60;
const MEAN_KILL_GAP_S = 10 * 60;

/** How long the long-poll waits per call, and waits after a failed call before the next. */
const LONG_POLL_SECONDS = 30;
const LONG_POLL_RETRY_MS = [1000, 1000, 1000, 1000, 1000, 5000];

type Ban = { reason: string; expiresAt: number | null };

/**
 * A Rust server in miniature, speaking the plugin protocol through the SDK: players come and go,
 * chat and kill each other, and the server obeys kick, warn, ban, unban and console commands
 * from the long-poll and the heartbeat answers, reporting each result. Console commands answer
 * the way a Rust server's console does for status, serverinfo and say.
 */
export class SimulatedServer {
  readonly hostname: string;
  readonly worldSize: number;
  readonly seed: number;
  readonly maxPlayers: number;
  private readonly random: Random;
  private readonly client: PluginClient;
  private readonly log: (line: string) => void;
  private readonly startedAt = Date.now();
  private readonly online = new Map<string, SimulatedPlayer>();
  /** Players who left and may come back. */
  private readonly away = new Map<string, SimulatedPlayer>();
  private readonly bans = new Map<string, Ban>();
  private readonly kickedUntil = new Map<string, number>();
  /** Commands already carried out, with their result until the panel has it. */
  private readonly done = new Map<string, CommandResultRequest | null>();
  private outbox: PluginEvent[] = [];
  private sending: Promise<void> | null = null;
  private fps = 60;
  private entities: number;
  private lastTick = Date.now();
  private loop: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly options: SimulatedServerOptions) {
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.random = createRandom(this.seed);
    this.hostname = options.hostname ?? `Outpost Simulated ${this.random.int(1, 99)} | Monthly`;
    this.worldSize = this.random.pick([3000, 3500, 4000, 4250, 4500]);
    this.maxPlayers = Math.min(
      PLUGIN_MAX_HEARTBEAT_PLAYERS,
      options.maxPlayers ?? Math.max(50, Math.ceil((options.players * 1.2) / 10) * 10),
    );
    this.entities = 60_000 + this.random.int(0, 40_000);
    this.log = options.log ?? ((line) => console.log(`[${this.hostname}] ${line}`));
    this.client = new PluginClient({
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: options.fetch,
      onRetry: ({ path, attempt, delayMs, error }) =>
        attempt === 1 || attempt % 10 === 0
          ? this.log(`${path} failed (${error.message}); retry ${attempt} in ${delayMs} ms`)
          : undefined,
    });
    const target = Math.min(options.players, this.maxPlayers);
    const initial = Math.round(target * this.random.between(0.85, 1));
    for (let i = 0; i < initial; i += 1) {
      const player = newPlayer(this.random, this.worldSize, Date.now() - this.random.int(0, 3600) * 1000);
      this.online.set(player.steamId, player);
    }
  }

  /** The players on the server now. */
  players(): SimulatedPlayer[] {
    return [...this.online.values()];
  }

  isBanned(steamId: string, now = Date.now()): boolean {
    const ban = this.bans.get(steamId);
    return !!ban && (ban.expiresAt === null || ban.expiresAt > now);
  }

  /** A player tries to connect: refused while banned (or just kicked). */
  tryJoin(player: SimulatedPlayer, now = Date.now()): boolean {
    if (this.online.has(player.steamId) || this.online.size >= this.maxPlayers) return false;
    if (this.isBanned(player.steamId, now)) {
      this.event({
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
    this.event({ type: 'connect', steamId: joined.steamId, name: joined.name, ip: joined.ip });
    return true;
  }

  /** Starts heartbeats (the first at once) and the simulation between them. */
  start(): void {
    if (this.loop) return;
    this.log(`online with ${this.online.size} players, reporting to ${this.options.baseUrl}`);
    this.loop = this.run();
    if (this.options.longPoll !== false) this.polling = this.pollCommands();
  }

  /** Stops the loop and abandons pending retries. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.client.close();
    await this.loop;
    await this.polling;
    await this.sending?.catch(() => undefined);
  }

  /** Simulates the time since the last tick, reports a heartbeat, obeys its commands, sends the events. */
  async tick(now = Date.now()): Promise<HeartbeatResponse> {
    this.simulate(Math.max(0, (now - this.lastTick) / 1000), now);
    this.lastTick = now;
    const answer = await this.heartbeat(now);
    void this.flushEvents().catch(() => undefined);
    return answer;
  }

  /** One heartbeat with the current state; the commands in the answer are carried out and reported. */
  async heartbeat(now = Date.now()): Promise<HeartbeatResponse> {
    const answer = await this.client.heartbeat(this.state(now), { signal: this.stopping.signal });
    await this.obey(answer.commands, now);
    return answer;
  }

  /** One long-poll: waits up to `waitSeconds` for commands, carries them out and reports them. */
  async waitForCommands(waitSeconds = LONG_POLL_SECONDS): Promise<PluginCommand[]> {
    const { commands } = await this.client.waitForCommands(waitSeconds, { signal: this.stopping.signal });
    await this.obey(commands, Date.now());
    return commands;
  }

  /** Sends every event so far; resolves once the panel acknowledged them. */
  flushEvents(): Promise<void> {
    this.sending ??= this.drain().finally(() => (this.sending = null));
    return this.sending;
  }

  state(now = Date.now()): HeartbeatRequest {
    return {
      hostname: this.hostname,
      map: 'Procedural Map',
      worldSize: this.worldSize,
      seed: this.seed,
      maxPlayers: this.maxPlayers,
      fps: Math.round(this.fps * 10) / 10,
      entities: this.entities,
      memoryMb: Math.round(3000 + this.entities / 40 + this.online.size * 12),
      uptimeSeconds: Math.floor((now - this.startedAt) / 1000),
      version: '2590',
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

  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let seconds = this.options.intervalSeconds ?? 10;
      try {
        const answer = await this.tick();
        seconds = this.options.intervalSeconds ?? answer.nextHeartbeatSeconds;
      } catch (error) {
        if (signal.aborted) break;
        this.log(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(seconds * 1000, signal).catch(() => undefined);
    }
  }

  /** Long-polls for commands until stopped; after a failure waits a little (the panel may be down). */
  private async pollCommands(): Promise<void> {
    const signal = this.stopping.signal;
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.waitForCommands();
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        if (failures === 0)
          this.log(`long-poll failed: ${error instanceof Error ? error.message : String(error)}`);
        const delay = LONG_POLL_RETRY_MS[Math.min(failures, LONG_POLL_RETRY_MS.length - 1)];
        failures += 1;
        await sleep(delay, signal).catch(() => undefined);
      }
    }
  }

  /** What happens on a Rust server in `seconds`: people wander, leave, join, chat and fight. */
  private simulate(seconds: number, now: number): void {
    if (seconds <= 0) return;
    for (const player of this.online.values()) {
      player.position = wander(this.random, player.position, this.worldSize);
      player.ping = Math.max(5, Math.min(300, player.ping + this.random.int(-10, 10)));
      if (this.random.chance(seconds / MEAN_SESSION_S)) this.leave(player, 'Disconnected', now);
      else if (this.random.chance(seconds / MEAN_CHAT_GAP_S))
        this.event({
          type: 'chat',
          steamId: player.steamId,
          name: player.name,
          channel: this.random.chance(0.2) ? 'team' : 'global',
          message: this.random.pick(CHAT_LINES),
        });
    }
    this.join(now);
    const fighters = this.players();
    const kills = fighters.length < 2 ? 0 : this.poisson((fighters.length * seconds) / MEAN_KILL_GAP_S);
    for (let i = 0; i < kills; i += 1) {
      const killer = this.random.pick(fighters);
      let victim = this.random.pick(fighters);
      while (victim === killer) victim = this.random.pick(fighters);
      const weapon = this.random.pick(WEAPONS);
      this.event({
        type: 'kill',
        killerSteamId: killer.steamId,
        victimSteamId: victim.steamId,
        weapon,
        distance:
          Math.round(
            this.random.between(weapon === 'Rock' ? 1 : 5, weapon === 'Bolt Action Rifle' ? 350 : 120) * 10,
          ) / 10,
        headshot: this.random.chance(0.25),
      });
    }
    if (fighters.length >= 2 && this.random.chance(seconds / 900)) {
      const [reporter, target] = [this.random.pick(fighters), this.random.pick(fighters)];
      if (reporter !== target)
        this.event({
          type: 'report',
          reporterSteamId: reporter.steamId,
          targetSteamId: target.steamId,
          subject: 'Cheating',
          message: `${target.name} is shooting through walls`,
        });
    }
    this.fps = Math.max(20, Math.min(120, this.fps + this.random.between(-4, 4) + (60 - this.fps) * 0.2));
    this.entities = Math.max(20_000, this.entities + Math.round(this.random.between(-20, 60) * seconds));
  }

  /** The population drifts around the target; a third of arrivals are players coming back. */
  private join(now: number): void {
    const target = Math.min(this.options.players, this.maxPlayers);
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
    this.away.set(player.steamId, player);
    if (this.away.size > 5000) this.away.delete(this.away.keys().next().value as string);
    this.event({ type: 'disconnect', steamId: player.steamId, reason, at: new Date(now) });
  }

  private async obey(commands: PluginCommand[], now: number): Promise<void> {
    for (const command of commands) {
      if (!this.done.has(command.id)) this.done.set(command.id, this.execute(command, now));
      const result = this.done.get(command.id);
      if (!result) continue;
      try {
        await this.client.reportCommandResult(command.id, result, { signal: this.stopping.signal });
        this.done.set(command.id, null);
      } catch (error) {
        // 404: the panel no longer knows the command; anything else is retried with the next heartbeat.
        if (error instanceof PluginApiError && error.status === 404) this.done.set(command.id, null);
        else if (!this.stopping.signal.aborted)
          this.log(`result of ${command.id} not delivered: ${String(error)}`);
      }
    }
    if (this.done.size > 1000) this.done.delete(this.done.keys().next().value as string);
  }

  private execute(command: PluginCommand, now: number): CommandResultRequest {
    if (command.type === 'console') return this.runConsole(command.command, now);
    const player = this.online.get(command.steamId);
    const who = player ? `${player.name} (${command.steamId})` : command.steamId;
    this.log(`${command.type} ${who}: ${command.reason}`);
    switch (command.type) {
      case 'kick':
        if (!player) return { ok: false, output: `${who} is not connected` };
        this.kickedUntil.set(player.steamId, now + KICK_COOLDOWN_MS);
        this.leave(player, `Kicked: ${command.reason}`, now);
        return { ok: true, output: `Kicked ${who}: ${command.reason}` };
      case 'ban': {
        const expiresAt = command.expiresAt ? Date.parse(command.expiresAt) : null;
        this.bans.set(command.steamId, { reason: command.reason, expiresAt });
        if (player) this.leave(player, `Banned: ${command.reason}`, now);
        return {
          ok: true,
          output: `Banned ${who}${expiresAt ? ` until ${command.expiresAt}` : ' permanently'}: ${command.reason}`,
        };
      }
      case 'unban':
        this.kickedUntil.delete(command.steamId);
        return this.bans.delete(command.steamId)
          ? { ok: true, output: `Unbanned ${who}` }
          : { ok: true, output: `${who} was not banned here` };
      case 'warn':
        if (!player) return { ok: false, output: `${who} is not connected` };
        this.event({ type: 'log', level: 'warning', message: `Warned ${who}: ${command.reason}` });
        return { ok: true, output: `Warned ${who}: ${command.reason}` };
      default:
        return { ok: false, output: `Unknown command ${(command as { type: string }).type}` };
    }
  }

  /** A console command as a Rust server answers it (a few of them; the rest are unknown here). */
  runConsole(line: string, now = Date.now()): CommandResultRequest {
    const [name = '', ...rest] = line.trim().split(/\s+/);
    const args = line.trim().slice(name.length).trim();
    switch (name.toLowerCase()) {
      case 'status':
        return { ok: true, output: this.status(now) };
      case 'serverinfo':
        return { ok: true, output: JSON.stringify(this.serverInfo(now), null, 2) };
      case 'say': {
        if (rest.length === 0) return { ok: false, output: 'Usage: say <message>' };
        const said = `[CHAT] SERVER : ${args.replace(/^"(.*)"$/, '$1')}`;
        this.event({ type: 'console', level: 'info', message: said });
        return { ok: true, output: said };
      }
      default:
        return { ok: false, output: `Command not found: ${name}` };
    }
  }

  /** The `status` command's table, as Rust prints it. */
  private status(now: number): string {
    const players = this.players();
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
      `hostname: ${this.hostname}`,
      'version : 2590/2590 secure (secure mode enabled, connected to Steam3)',
      'map     : Procedural Map',
      `players : ${players.length} (${this.maxPlayers} max) (0 queued) (0 joining)`,
      '',
      'id                name                       ping connected addr',
      ...rows,
    ].join('\n');
  }

  /** The `serverinfo` command's JSON, with Rust's field names. */
  private serverInfo(now: number): Record<string, unknown> {
    return {
      Hostname: this.hostname,
      MaxPlayers: this.maxPlayers,
      Players: this.online.size,
      Queued: 0,
      Joining: 0,
      EntityCount: this.entities,
      GameTime: new Date(now).toISOString(),
      Uptime: Math.floor((now - this.startedAt) / 1000),
      Map: 'Procedural Map',
      Framerate: Math.round(this.fps),
      Memory: Math.round(3000 + this.entities / 40 + this.online.size * 12),
      Collections: 0,
      NetworkIn: 0,
      NetworkOut: 0,
      Restarting: false,
      SaveCreatedTime: new Date(this.startedAt).toISOString(),
    };
  }

  private event(event: NewPluginEvent): void {
    // Stamped now: a batch sent again after a failure carries the same ids, so it counts once.
    this.outbox.push(...stampEvents([event]));
  }

  private async drain(): Promise<void> {
    while (this.outbox.length > 0 && !this.stopping.signal.aborted) {
      const batch = this.outbox.slice(0, PLUGIN_MAX_EVENTS_PER_BATCH);
      try {
        await this.client.sendEvents(batch, { signal: this.stopping.signal });
        this.outbox = this.outbox.slice(batch.length);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        // Only a request the panel will never take (400, 401, 413) gets here: drop it, say why.
        this.log(`events dropped: ${error instanceof Error ? error.message : String(error)}`);
        this.outbox = this.outbox.slice(batch.length);
      }
    }
  }

  /** How many things happen when `mean` are expected (Poisson). */
  private poisson(mean: number): number {
    let count = 0;
    for (let p = Math.exp(-mean), sum = p, u = this.random.next(); u > sum && count < 1000;) {
      count += 1;
      p *= mean / count;
      sum += p;
    }
    return count;
  }
}
