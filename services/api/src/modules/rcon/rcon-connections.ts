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
import { EgressPolicy, egressRefusalText } from '../../core/egress';
import { DomainEvents } from '../../core/events';
import { SecretBox } from '../../core/secrets';
import { ConnectionOwnership } from './connection-ownership';
import { InProcessTransports } from './in-process-transport';
import { GameServer } from '../servers';
import { ServerRcon } from './server-rcon.entity';

const UNSEALABLE =
  'The stored RCON password cannot be read with this SECRETS_KEY (it was changed, or DATA_DIR/secrets-key was lost): enter the password again';

/** A connection this process holds; `written` settles once its state reports are stored. */
type Running = { translator: RconTranslator; written: () => Promise<void> };

/** What can be said of a failure without the password in it (the WebRCON URL carries it). */
export const withoutSecret = (text: string, password: string): string =>
  createRedactor([password])(text).slice(0, 500);

/**
 * The panel's own RCON connections: one translator per server that has RCON set and whose
 * connection this process holds (ConnectionOwnership), started at boot and on each save,
 * restarted when the settings change, stopped when they are removed, the server is deleted or
 * the app shuts down. Each state change is written to the server's row, so any process answers it.
 */
@Injectable()
export class RconConnections implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Rcon');
  private readonly running = new Map<string, Running>();
  /** One change at a time per server, in the order asked. */
  private readonly queues = new Map<string, Promise<void>>();
  private closing = false;

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly ownership: ConnectionOwnership,
    private readonly transports: InProcessTransports,
    private readonly events: DomainEvents,
    private readonly egress: EgressPolicy,
  ) {}

  onModuleInit(): void {
    // The row went with the server (foreign key); its connection goes too.
    this.events.on('server.deleted', (event) => this.stop(event.target.id));
  }

  /** Migrations have run by now (createApp migrates before init). */
  async onApplicationBootstrap(): Promise<void> {
    const rows = await this.em.fork().find(ServerRcon, {}, { fields: ['serverId'] });
    await Promise.all(rows.map((row) => this.apply(row.serverId)));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.running.keys()].map((serverId) => this.stop(serverId)));
  }

  /** Connects with the server's saved settings, replacing a connection to older ones. */
  apply(serverId: string): Promise<void> {
    return this.enqueue(serverId, async () => {
      await this.halt(serverId);
      if (this.closing) return;
      const row = await this.em.fork().findOne(ServerRcon, { serverId });
      if (!row || !(await this.ownership.claim(serverId))) return;
      this.start(row);
    });
  }

  /** Ends the server's connection, if this process holds one. */
  stop(serverId: string): Promise<void> {
    return this.enqueue(serverId, () => this.halt(serverId));
  }

  private start(row: ServerRcon): void {
    const { serverId, revision } = row;
    // An address saved before the policy changed (OUTBOUND_ALLOW_PRIVATE) is not dialled either;
    // a name is checked by the lookup below on each attempt.
    const rule = this.egress.ruleFor(row.host);
    if (rule) {
      const refusal = egressRefusalText({ host: row.host, rule });
      this.logger.warn(`RCON of server ${serverId}: ${refusal}`);
      void this.record(serverId, revision, { state: 'unreachable', lastError: refusal, connectedAt: null });
      return;
    }
    const password = this.box.open(row.passwordSealed, serverId);
    if (password === null) {
      this.logger.warn(`RCON of server ${serverId}: ${UNSEALABLE}`);
      void this.record(serverId, revision, {
        state: 'unreachable',
        lastError: UNSEALABLE,
        connectedAt: null,
      });
      return;
    }
    let writes = Promise.resolve();
    const translator = new RconTranslator({
      rcon: { host: row.host, port: row.port, password },
      // Every attempt dials only what the egress policy allows of what the host resolves to then.
      lookup: this.egress.lookup((reason) => new RconAddressRefused(reason)),
      transport: this.transports.for(serverId),
      onState: (status) => {
        const safe = { ...status, lastError: status.lastError && withoutSecret(status.lastError, password) };
        writes = writes.then(() => this.record(serverId, revision, safe));
      },
      log: (line) => this.logger.debug(`RCON of server ${serverId}: ${withoutSecret(line, password)}`),
    });
    const running: Running = { translator, written: () => writes };
    this.running.set(serverId, running);
    translator.start();
  }

  private async halt(serverId: string): Promise<void> {
    const running = this.running.get(serverId);
    if (!running) return;
    this.running.delete(serverId);
    await running.translator.stop();
    await running.written();
    await this.ownership.release(serverId);
  }

  /** Writes a state report unless a later save (another revision) or a removal came since. */
  private async record(serverId: string, revision: number, status: TranslatorStatus): Promise<void> {
    try {
      const em = this.em.fork();
      const written = await em.nativeUpdate(
        ServerRcon,
        { serverId, revision },
        { state: status.state, lastError: status.lastError, connectedAt: status.connectedAt },
      );
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
