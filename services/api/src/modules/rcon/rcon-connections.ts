import { EntityManager } from '@mikro-orm/core';
import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import {
  createRedactor,
  RconAddressRefused,
  RconTranslator,
  type RconStatus as TranslatorStatus,
} from '@outpost/rcon';
import { sqlEm } from '../../core/database';
import { EgressPolicy, egressRefusalText } from '../../core/egress';
import { Draining } from '../../core/http';
import { DomainEvents } from '../../core/events';
import { SecretBox } from '../../core/secrets';
import { ConnectionOwnership } from './connection-ownership';
import { InProcessTransports } from './in-process-transport';
import { GameServer } from '../servers';
import { ServerRcon } from './server-rcon.entity';

const UNSEALABLE =
  'The stored RCON password cannot be read with this SECRETS_KEY (it was changed, or DATA_DIR/secrets-key was lost): enter the password again';

/**
 * A connection this instance holds; `written` settles once its state reports are stored. `retries`
 * is the row's count of Try again presses it has answered.
 */
type Running = {
  translator: RconTranslator;
  written: () => Promise<void>;
  revision: number;
  token: number;
  retries: number;
};

/** What the periodic look reads of every row. */
type Brief = Pick<ServerRcon, 'serverId' | 'revision' | 'ownerToken' | 'retries'>;
const BRIEF_FIELDS = ['serverId', 'revision', 'ownerToken', 'retries'] as const;

/**
 * How often each instance renews the claims on its connections and tries to take those nobody
 * holds: with leases of 15 s, a dead owner's connections are taken over within 20 s.
 */
export const RCON_LOOK_MS = 5_000;

/** What can be said of a failure without the password in it (the WebRCON URL carries it). */
export const withoutSecret = (text: string, password: string): string =>
  createRedactor([password])(text).slice(0, 500);

/**
 * The panel's own RCON connections: one translator per server that has RCON set, on the one
 * instance holding its connection (ConnectionOwnership), started at boot and on each save,
 * restarted when the settings change, stopped when they are removed, the server is deleted, the
 * claim is lost or the app shuts down (then handed over at once). Every few seconds each instance
 * renews its claims and takes the connections nobody holds (an owner that died). Each state change
 * is written to the server's row, under the claim's fencing token, so any instance answers it.
 */
@Injectable()
export class RconConnections implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Rcon');
  private readonly running = new Map<string, Running>();
  /** One change at a time per server, in the order asked. */
  private readonly queues = new Map<string, Promise<void>>();
  private closing = false;
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  /** A look asked for while one was running: it runs right after. */
  private lookAgain = false;
  private shutDown: Promise<void> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly ownership: ConnectionOwnership,
    private readonly transports: InProcessTransports,
    private readonly events: DomainEvents,
    private readonly egress: EgressPolicy,
    private readonly draining: Draining,
  ) {}

  onModuleInit(): void {
    // The row went with the server (foreign key); its connection goes too.
    this.events.on('server.deleted', (event) => this.stop(event.target.id));
    this.ownership.watch((serverId) => (serverId ? this.look(serverId) : this.lookAll()));
    // SIGTERM: hand the connections over as soon as the instance starts draining.
    this.draining.onDrain(() => void this.closeAll());
  }

  /** Migrations have run by now (createApp migrates before init). */
  async onApplicationBootstrap(): Promise<void> {
    await this.lookAll();
    this.timer = setInterval(() => void this.lookAll(), RCON_LOOK_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.closeAll();
  }

  /** The settings were saved here: (re)connects with them, wherever the connection is held. */
  apply(serverId: string): Promise<void> {
    void this.ownership.announce(serverId);
    return this.look(serverId);
  }

  /**
   * Try again was pressed here (the row's retries grew): the connection dials now, wherever it is
   * held; held nowhere, it is taken and dials at once (the row's refusal was cleared with it).
   */
  retry(serverId: string): Promise<void> {
    return this.apply(serverId);
  }

  /** The settings or the server were removed here: the connection ends, wherever it is held. */
  stop(serverId: string): Promise<void> {
    void this.ownership.announce(serverId);
    return this.enqueue(serverId, () => this.halt(serverId));
  }

  /** Looks at one server again (its row read now). */
  private look(serverId: string): Promise<void> {
    return this.enqueue(serverId, () => this.settle(serverId));
  }

  /** Looks at every server with RCON set, and every connection held here; one pass at a time. */
  private lookAll(): Promise<void> {
    if (this.looking) {
      this.lookAgain = true;
      return this.looking;
    }
    this.looking = (async () => {
      do {
        this.lookAgain = false;
        await this.lookOnce();
      } while (this.lookAgain && !this.closing);
    })().finally(() => (this.looking = null));
    return this.looking;
  }

  private async lookOnce(): Promise<void> {
    if (this.closing) return;
    let rows: Brief[];
    try {
      rows = await this.em.fork().find(ServerRcon, {}, { fields: [...BRIEF_FIELDS] });
    } catch (error) {
      this.logger.warn(`Could not read the RCON settings: ${String(error)}`);
      return;
    }
    const briefs = new Map(rows.map((row) => [row.serverId, row]));
    const ids = new Set([...briefs.keys(), ...this.running.keys()]);
    await Promise.all([...ids].map((id) => this.enqueue(id, () => this.settle(id, briefs.get(id) ?? null))));
  }

  /**
   * Brings one server to what it should be: the connection held here kept (its claim renewed),
   * restarted with newer settings or ended (removed, claim lost, a newer owner); or, held nowhere,
   * claimed and started. `hint` is the row as a pass over every row read it (it may be stale).
   */
  private async settle(serverId: string, hint?: Brief | null): Promise<void> {
    const running = this.running.get(serverId);
    let brief = hint === undefined ? await this.briefOf(serverId) : hint;
    // Read again what disagrees with the connection: a save may have come since the pass read it.
    if (
      running &&
      hint !== undefined &&
      (brief?.revision !== running.revision ||
        brief.ownerToken !== running.token ||
        brief.retries !== running.retries)
    )
      brief = await this.briefOf(serverId);
    if (running) return this.keep(serverId, running, brief);
    if (brief && !this.closing) await this.take(serverId, brief.ownerToken);
  }

  private async keep(serverId: string, running: Running, brief: Brief | null): Promise<void> {
    if (!brief) return this.halt(serverId);
    if (brief.ownerToken > running.token) {
      this.logger.log(
        `RCON of server ${serverId}: another instance holds the connection now; ending it here`,
      );
      return this.halt(serverId);
    }
    if ((await this.ownership.renew(serverId, running.token)) === 'lost') {
      this.logger.log(`RCON of server ${serverId}: the claim on the connection was lost; ending it here`);
      return this.halt(serverId);
    }
    if (this.closing) return;
    if (brief.revision === running.revision) {
      // Try again, pressed on any instance since: dial now rather than at the end of the wait.
      if (brief.retries !== running.retries) {
        running.retries = brief.retries;
        running.translator.retryNow();
      }
      return;
    }
    // New settings: the same claim, a new connection.
    await this.halt(serverId, { release: false });
    const row = await this.em.fork().findOne(ServerRcon, { serverId });
    if (row) this.start(row, running.token);
    else await this.ownership.release(serverId, running.token);
  }

  /** Claims the connection (a token above `floor`, the row's) and starts it. */
  private async take(serverId: string, floor: number): Promise<void> {
    const token = await this.ownership.claim(serverId, floor);
    if (token === null) return;
    const em = this.em.fork();
    const row = await em.findOne(ServerRcon, { serverId });
    // The row names this claim from now on; a newer one already named there wins.
    const fenced =
      row && !this.closing
        ? await em.nativeUpdate(ServerRcon, { serverId, ownerToken: { $lte: token } }, { ownerToken: token })
        : 0;
    if (!row || fenced === 0) return this.ownership.release(serverId, token);
    this.logger.debug(`RCON of server ${serverId}: connection held here (token ${token})`);
    this.start(row, token);
  }

  private briefOf(serverId: string): Promise<Brief | null> {
    return this.em.fork().findOne(ServerRcon, { serverId }, { fields: [...BRIEF_FIELDS] });
  }

  /** Ends every connection held here and gives each up (SIGTERM, shutdown); once. */
  private closeAll(): Promise<void> {
    this.shutDown ??= (async () => {
      this.closing = true;
      if (this.timer) clearInterval(this.timer);
      await this.looking;
      await Promise.all(
        [...this.running.keys()].map((serverId) => this.enqueue(serverId, () => this.halt(serverId))),
      );
    })();
    return this.shutDown;
  }

  private start(row: ServerRcon, token: number): void {
    const { serverId, revision, retries } = row;
    // An address saved before the policy changed (OUTBOUND_ALLOW_PRIVATE) is not dialled either;
    // a name is checked by the lookup below on each attempt.
    const rule = this.egress.ruleFor(row.host);
    if (rule) {
      const refusal = egressRefusalText({ host: row.host, rule });
      this.logger.warn(`RCON of server ${serverId}: ${refusal}`);
      void this.record(serverId, revision, token, {
        state: 'unreachable',
        lastError: refusal,
        connectedAt: null,
        refusedAt: null,
      });
      return;
    }
    const password = this.box.open(row.passwordSealed, serverId);
    if (password === null) {
      this.logger.warn(`RCON of server ${serverId}: ${UNSEALABLE}`);
      void this.record(serverId, revision, token, {
        state: 'unreachable',
        lastError: UNSEALABLE,
        connectedAt: null,
        refusedAt: null,
      });
      return;
    }
    let writes = Promise.resolve();
    const translator = new RconTranslator({
      rcon: { host: row.host, port: row.port, password },
      // Every attempt dials only what the egress policy allows of what the host resolves to then.
      lookup: this.egress.lookup((reason) => new RconAddressRefused(reason)),
      transport: this.transports.for(serverId),
      // A password refused under these settings (before a restart, or on the instance that held
      // the connection) is not dialled again before its 10 minutes: the game would refuse the
      // panel's address after a few more. A save clears it; Try again too.
      previous: row.refusedAt
        ? {
            state: row.state,
            lastError: row.lastError,
            connectedAt: row.connectedAt,
            refusedAt: row.refusedAt,
          }
        : undefined,
      onState: (status) => {
        const safe = { ...status, lastError: status.lastError && withoutSecret(status.lastError, password) };
        writes = writes.then(() => this.record(serverId, revision, token, safe));
      },
      log: (line) => this.logger.debug(`RCON of server ${serverId}: ${withoutSecret(line, password)}`),
    });
    const running: Running = { translator, written: () => writes, revision, token, retries };
    this.running.set(serverId, running);
    translator.start();
  }

  /** Ends the connection held here, if any, and (unless told not to) gives the claim up. */
  private async halt(serverId: string, options: { release?: boolean } = {}): Promise<void> {
    const running = this.running.get(serverId);
    if (!running) return;
    this.running.delete(serverId);
    await running.translator.stop();
    await running.written();
    if (options.release !== false) await this.ownership.release(serverId, running.token);
  }

  /**
   * Writes a state report unless a later save (another revision), a removal or a newer owner
   * (a greater fencing token) came since.
   */
  private async record(
    serverId: string,
    revision: number,
    token: number,
    status: TranslatorStatus,
  ): Promise<void> {
    try {
      const em = this.em.fork();
      const knex = sqlEm(em).getKnex();
      const now = em.getPlatform().processDateProperty(new Date()) as Date | number;
      const stored = (date: Date | null) =>
        date && (em.getPlatform().processDateProperty(date) as Date | number);
      const written = await knex('server_rcon')
        .where({ server_id: serverId, revision, owner_token: token })
        .update({
          state: status.state,
          // Kept while the state stays the same (an unreachable server fails again and again).
          state_since: knex.raw(
            'case when state = ? and state_since is not null then state_since else ? end',
            [status.state, now],
          ),
          last_error: status.lastError,
          connected_at: stored(status.connectedAt),
          refused_at: stored(status.refusedAt),
          updated_at: now,
        });
      const server = written
        ? await em.findOne(GameServer, { id: serverId }, { fields: ['networkId'] })
        : null;
      if (server) this.events.emit('server.rconState', { networkId: server.networkId, serverId, ...status });
    } catch (error) {
      this.logger.warn(`Could not record the RCON state of server ${serverId}: ${String(error)}`);
    }
  }

  private enqueue(serverId: string, change: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(serverId) ?? Promise.resolve()).then(change).catch((error: unknown) => {
      this.logger.error(
        `RCON of server ${serverId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    this.queues.set(serverId, next);
    void next.finally(() => {
      if (this.queues.get(serverId) === next) this.queues.delete(serverId);
    });
    return next;
  }
}
