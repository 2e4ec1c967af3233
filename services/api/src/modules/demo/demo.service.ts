import { EntityManager, RequestContext } from '@mikro-orm/core';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { RunningSimulation, SimulatedServerSpec } from '@outpost/simulation';
import { startSimulatedServers } from '@outpost/simulation';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import { NetworkMember } from '../members';
import { Network } from '../tenancy';
import { GameServer, issueServerToken } from '../servers';
import { UsersService } from '../users';
import { DEMO_NETWORK, DEMO_OWNER, DEMO_SERVERS, findDemoNetwork } from './demo-network';

/**
 * With DEMO and DEMO_SIMULATION on: at start, makes sure the demo network exists (owned by a
 * system user, the demo user an admin, three servers) and gives its servers fresh tokens that
 * live only in this process; once the API listens, simulated servers feed it (startSimulation).
 */
@Injectable()
export class DemoService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Demo');
  private tokens: SimulatedServerSpec[] = [];
  private simulation: RunningSimulation | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.demo && this.config.demoSimulation;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.enabled) this.tokens = await this.ensureNetwork();
  }

  /** Idempotent: creates what is missing and rotates the servers' tokens (the old ones stop working). */
  ensureNetwork(): Promise<SimulatedServerSpec[]> {
    // Outside any HTTP request: UsersService's EntityManager needs a context of its own.
    return RequestContext.create(this.em, () => this.ensureNetworkInContext());
  }

  private async ensureNetworkInContext(): Promise<SimulatedServerSpec[]> {
    const em = this.em.fork();
    const owner =
      (await this.users.findById(DEMO_OWNER.id)) ??
      (await this.users.create(DEMO_OWNER.email, { ...DEMO_OWNER, emailVerified: true }));
    const demoUser = await this.users.ensureDemoUser();
    return em.transactional(async (tx) => {
      let network = await findDemoNetwork(tx);
      if (!network) {
        network = tx.create(Network, {
          name: DEMO_NETWORK.name,
          description: DEMO_NETWORK.description,
          gradientFrom: DEMO_NETWORK.gradient.from,
          gradientTo: DEMO_NETWORK.gradient.to,
          gradientDirection: DEMO_NETWORK.gradient.direction,
          ownerId: owner.id,
        });
        await tx.flush();
      }
      const networkId = network.id;
      const members = await tx.find(NetworkMember, { networkId });
      if (!members.some((m) => m.userId === owner.id))
        tx.create(NetworkMember, { networkId, userId: owner.id, role: 'owner' });
      // An admin's view of the network (console, reports, audit, moderation), read-only all the
      // same: every write by the demo user answers 403 (core/auth demo-read-only). A demo user
      // made a member by an older version is promoted.
      const demoMember = members.find((m) => m.userId === demoUser.id);
      if (!demoMember) tx.create(NetworkMember, { networkId, userId: demoUser.id, role: 'admin' });
      else demoMember.role = 'admin';
      const existing = await tx.find(GameServer, { networkId });
      const now = Date.now();
      const specs = DEMO_SERVERS.map((spec, index) => {
        const { token, tokenId, tokenHash } = issueServerToken();
        const server = existing.find((row) => row.name === spec.name);
        if (server) Object.assign(server, { tokenId, tokenHash });
        else
          tx.create(GameServer, {
            networkId,
            name: spec.name,
            connectionAddress: spec.address,
            tokenId,
            tokenHash,
            // A millisecond apart: the panel lists servers by creation time.
            createdAt: new Date(now + index),
          });
        return {
          token,
          players: spec.players,
          maxPlayers: spec.maxPlayers,
          hostname: spec.hostname,
          seed: spec.seed,
        };
      });
      await tx.flush();
      this.logger.log(`Demo network ready: ${specs.length} servers`);
      return specs;
    });
  }

  /** Starts the simulated servers against the API at `baseUrl` (call once it listens). */
  startSimulation(baseUrl: string): void {
    if (!this.enabled || this.simulation || this.tokens.length === 0) return;
    this.simulation = startSimulatedServers({
      baseUrl,
      servers: this.tokens,
      log: (line) => this.logger.debug(line),
    });
    this.logger.log(`Simulating ${this.tokens.length} demo servers against ${baseUrl}`);
  }

  async onModuleDestroy(): Promise<void> {
    const running = this.simulation;
    this.simulation = null;
    await running?.stop();
  }
}
