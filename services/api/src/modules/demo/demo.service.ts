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
import { Leadership, type HeldRole } from '../../core/cluster';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import { ChannelsService, RulesService } from '../alerts';
import { ensureMember } from '../members';
import { createNetwork } from '../tenancy';
import { provisionServers } from '../servers';
import { UsersService } from '../users';
import { ensureDemoAlerts } from './demo-alerts';
import { DEMO_NETWORK, DEMO_OWNER, DEMO_SERVERS, DEMO_STAFF, findDemoNetwork } from './demo-network';
import { resumesOf } from './demo-resume';
import { DemoStaff } from './demo-staff';

/** How often the simulated moderator looks at the network. */
export const DEMO_STAFF_ROUND_MS = 5_000;

/**
 * With DEMO and DEMO_SIMULATION on, on the leader (one instance however many run): makes sure the
 * demo network exists (owned by a system user, the demo user an admin, a simulated moderator, three
 * servers, its alert rules) when it becomes the leader, and once the API listens (startSimulation)
 * feeds it with simulated servers, under tokens it gives them then that live only in this process,
 * each going on from what the panel stored of it (its uptime, who was on it since when), while the
 * moderator (DemoStaff) works the network every DEMO_STAFF_ROUND_MS. An instance that steps down
 * stops both; the next leader's fresh tokens shut out whatever of the simulation still runs.
 */
@Injectable()
export class DemoService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Demo');
  private role: HeldRole | null = null;
  private leading = false;
  /** The API's own address, once it listens (startSimulation). */
  private baseUrl: string | null = null;
  private simulation: Promise<RunningSimulation | null> | null = null;
  private networkId: string | null = null;
  private staffTimer: NodeJS.Timeout | null = null;
  private staffRound: Promise<unknown> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly leadership: Leadership,
    private readonly staff: DemoStaff,
    private readonly rules: RulesService,
    private readonly channels: ChannelsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.demo && this.config.demoSimulation;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    this.role ??= this.leadership.hold({
      name: 'demo simulation',
      start: () => this.lead(),
      stop: () => this.standDown(),
    });
    // The leader's network is there by the time the API answers.
    await this.role.ready;
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
    // The demo shows everything the panel does: its network is premium (its owner's plan), and
    // read-only all the same.
    if (owner.plan !== 'premium') await this.users.setPlanByEmail(owner.email, 'premium');
    const demoUser = await this.users.ensureDemoUser();
    const moderator =
      (await this.users.findById(DEMO_STAFF.id)) ??
      (await this.users.create(DEMO_STAFF.email, {
        id: DEMO_STAFF.id,
        name: DEMO_STAFF.name,
        emailVerified: true,
      }));
    const specs = await em.transactional(async (tx) => {
      let network = await findDemoNetwork(tx);
      if (!network) {
        network = createNetwork(tx, {
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
      await ensureMember(tx, { networkId, userId: owner.id, role: 'owner' });
      // An admin's view of the network (console, reports, audit, moderation), read-only all the
      // same: every write by the demo user answers 403 (core/auth demo-read-only). A demo user
      // made a member by an older version is promoted.
      await ensureMember(tx, { networkId, userId: demoUser.id, role: 'admin' });
      await ensureMember(tx, { networkId, userId: moderator.id, role: DEMO_STAFF.role });
      const tokens = await provisionServers(
        tx,
        networkId,
        DEMO_SERVERS.map((spec) => ({ name: spec.name, connectionAddress: spec.address })),
      );
      await tx.flush();
      const resumes = await resumesOf(tx, networkId);
      this.networkId = networkId;
      return DEMO_SERVERS.map((spec, index) => ({
        token: tokens[index],
        players: spec.players,
        maxPlayers: spec.maxPlayers,
        hostname: spec.hostname,
        seed: spec.seed,
        resume: resumes.get(spec.name),
      }));
    });
    await ensureDemoAlerts(em, this.networkId as string, this.rules, this.channels);
    this.logger.log(`Demo network ready: ${specs.length} servers`);
    return specs;
  }

  /** The simulated servers running now (tests reach them to simulate a minute at once). */
  running(): Promise<RunningSimulation | null> {
    return this.simulation ?? Promise.resolve(null);
  }

  /** One round of the simulated moderator (DemoStaff) on the demo network; what it did. */
  async staffWorks(now = new Date()): Promise<string[]> {
    const networkId = this.networkId ?? (await findDemoNetwork(this.em.fork()))?.id;
    return networkId ? this.staff.round(networkId, now) : [];
  }

  /** Starts the simulated servers against the API at `baseUrl` on the leader (call once it listens). */
  startSimulation(baseUrl: string): void {
    this.baseUrl = baseUrl;
    if (this.enabled && this.leading) this.simulate();
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
    await this.standDown();
  }

  private async lead(): Promise<void> {
    this.leading = true;
    if (this.baseUrl) this.simulate();
    else await this.ensureNetwork();
  }

  private async standDown(): Promise<void> {
    this.leading = false;
    if (this.staffTimer) clearInterval(this.staffTimer);
    this.staffTimer = null;
    await this.staffRound;
    const running = this.simulation;
    this.simulation = null;
    const simulation = await running;
    if (!simulation) return;
    await simulation.stop();
    this.logger.log('Stopped simulating the demo servers');
  }

  /** Fresh tokens for the demo servers (a former leader's stop working), then their simulation. */
  private simulate(): void {
    if (this.simulation || !this.baseUrl) return;
    const baseUrl = this.baseUrl;
    this.simulation = this.ensureNetwork().then(
      (servers) => {
        // Stepped down (or closing) while the tokens were written: nothing to start.
        if (!this.leading) return null;
        this.logger.log(`Simulating ${servers.length} demo servers against ${baseUrl}`);
        this.staffTimer = setInterval(() => this.staffTick(), DEMO_STAFF_ROUND_MS);
        this.staffTimer.unref();
        return startSimulatedServers({ baseUrl, servers, log: (line) => this.logger.debug(line) });
      },
      (error: unknown) => {
        this.logger.error(
          'Could not prepare the demo network',
          error instanceof Error ? error.stack : String(error),
        );
        return null;
      },
    );
  }

  /** A round of the moderator, unless the last one still runs. */
  private staffTick(): void {
    if (this.staffRound || !this.leading) return;
    this.staffRound = this.staffWorks()
      .then((done) => done.forEach((line) => this.logger.debug(`Moderator: ${line}`)))
      .catch((error: unknown) =>
        this.logger.warn(
          `The demo's moderator stumbled: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => (this.staffRound = null));
  }
}
