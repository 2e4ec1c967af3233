import type { ServerResponse } from 'node:http';
import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { LIVE_READY_EVENT, LIVE_REFETCH_EVENT, type LiveEvent, type Role } from '@outpost/contracts';
import { AccessService } from '../../core/access';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import type { AuthUser } from '../../core/auth';
import { DomainEvents, type DomainEvent } from '../../core/events';
import { Draining } from '../../core/http';
import { LiveBus, type LiveMessage } from '../../core/live';
import { SessionsService } from '../identity';
import { frameOf, viewOf } from './live-visibility';
import { LiveStream, LiveViewer, type LiveStreamOwner } from './live-stream';

const KEEPALIVE_FRAME = ': keep-alive\n\n';
const READY_FRAME = frameOf({ type: LIVE_READY_EVENT });
const REFETCH_FRAME = frameOf({ type: LIVE_REFETCH_EVENT });

/** Changes after which a user's role in a network is read again (their open streams follow). */
const MEMBERSHIP_ACTIONS = ['member.joined', 'member.roleChanged', 'member.removed'] as const;

/**
 * The open live streams of this instance (GET /api/live). It subscribes to the bus once per
 * network that has streams, and gives each stream the view its role allows (the frame is made
 * once per role). A user's memberships are followed while any of their streams is open (one copy
 * for all their tabs): joining, a role change, removal and a deleted network take effect at once,
 * without a reconnect.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown, LiveStreamOwner {
  /** The viewers of each network that has any here, and its subscription to the bus. */
  private readonly byNetwork = new Map<string, { viewers: Set<LiveViewer>; unsubscribe: () => void }>();
  private readonly viewers = new Map<string, LiveViewer>();
  private keepAlive: NodeJS.Timeout | undefined;
  private stopGaps: () => void = () => undefined;

  constructor(
    private readonly bus: LiveBus,
    private readonly access: AccessService,
    private readonly events: DomainEvents,
    private readonly draining: Draining,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
  ) {}

  onModuleInit(): void {
    for (const action of MEMBERSHIP_ACTIONS)
      this.events.on(action, (event) => this.followMember(event.target.id, event.networkId));
    this.events.on('network.created', (event) => this.followMember(event.actor.id, event.networkId));
    this.events.on('network.deleted', (event) => this.networkGone(event));
    this.draining.onDrain(() => this.closeAll());
    this.stopGaps = this.bus.onGap(() => this.refetchAll());
    this.scheduleKeepAlive();
  }

  /** Every stream reads everything again: this instance may have missed other instances' events. */
  private refetchAll(): void {
    this.writeToAll(REFETCH_FRAME);
  }

  private writeToAll(frame: string): void {
    for (const viewer of this.viewers.values()) for (const stream of viewer.streams) stream.write(frame);
  }

  private allStreams(): LiveStream[] {
    return [...this.viewers.values()].flatMap((viewer) => [...viewer.streams]);
  }

  /** Streams open on this instance. */
  get size(): number {
    let size = 0;
    for (const viewer of this.viewers.values()) size += viewer.streams.size;
    return size;
  }

  /**
   * Starts a stream on `response` (headers already sent): ready, then what the client missed
   * since `lastEventId` (or a refetch when that cannot be told), then live events.
   */
  async open(user: AuthUser, response: ServerResponse, lastEventId: string | undefined): Promise<LiveStream> {
    const viewer = this.viewerOf(user);
    const stream = new LiveStream(viewer, user.sessionId, response, this);
    viewer.streams.add(stream);
    stream.write(READY_FRAME);
    if (!lastEventId) {
      stream.finishReplay([]);
      return stream;
    }
    const missed = await this.bus.since(lastEventId, new Set(viewer.roles.keys()));
    if (!missed) stream.write(REFETCH_FRAME);
    stream.finishReplay(
      (missed ?? []).flatMap((message) => {
        const frame = this.frameFor(stream, message);
        return frame ? [{ id: message.id, frame }] : [];
      }),
    );
    return stream;
  }

  /**
   * The user's viewer: the one their open streams share (its roles kept current since it was
   * made), else one with the memberships read with this request's session.
   */
  private viewerOf(user: AuthUser): LiveViewer {
    const open = this.viewers.get(user.id);
    if (open) return open;
    const roles = new Map<string, Role>([...(user.memberships ?? [])].map(([id, { role }]) => [id, role]));
    const viewer = new LiveViewer(user.id, roles);
    this.viewers.set(user.id, viewer);
    for (const networkId of roles.keys()) this.attach(viewer, networkId);
    return viewer;
  }

  private frameFor(stream: LiveStream, message: LiveMessage): string | null {
    const role = stream.viewer.roles.get(message.event.networkId);
    const view = role ? viewOf(message.event, role) : null;
    return view ? frameOf(view, message.id) : null;
  }

  private attach(viewer: LiveViewer, networkId: string): void {
    let entry = this.byNetwork.get(networkId);
    if (!entry) {
      const viewers = new Set<LiveViewer>();
      entry = {
        viewers,
        unsubscribe: this.bus.subscribe(networkId, (message) => this.fanOut(viewers, message)),
      };
      this.byNetwork.set(networkId, entry);
    }
    entry.viewers.add(viewer);
  }

  private release(viewer: LiveViewer, networkId: string): void {
    const entry = this.byNetwork.get(networkId);
    if (!entry) return;
    entry.viewers.delete(viewer);
    if (entry.viewers.size === 0) {
      entry.unsubscribe();
      this.byNetwork.delete(networkId);
    }
  }

  /** One frame per role that sees the event, written to every stream of that role. */
  private fanOut(viewers: ReadonlySet<LiveViewer>, message: LiveMessage): void {
    const { networkId } = message.event;
    const frames = new Map<Role, string | null>();
    for (const viewer of viewers) {
      const role = viewer.roles.get(networkId);
      if (!role) continue;
      let frame = frames.get(role);
      if (frame === undefined) {
        const view = viewOf(message.event, role);
        frame = view ? frameOf(view, message.id) : null;
        frames.set(role, frame);
      }
      if (frame) for (const stream of viewer.streams) stream.deliver(message.id, frame);
    }
  }

  /** A stream closed: its viewer goes with its last stream. */
  detach(stream: LiveStream): void {
    const { viewer } = stream;
    viewer.streams.delete(stream);
    if (viewer.streams.size > 0 || this.viewers.get(viewer.userId) !== viewer) return;
    this.viewers.delete(viewer.userId);
    for (const networkId of viewer.roles.keys()) this.release(viewer, networkId);
  }

  /** Reads the user's role in the network again and moves their open streams along. */
  private async followMember(userId: string, networkId: string): Promise<void> {
    if (!this.viewers.has(userId)) return;
    const access = await this.access.roleOf(userId, networkId);
    // The viewer open now (streams may have closed and opened meanwhile): the role read is current.
    const viewer = this.viewers.get(userId);
    if (!viewer) return;
    if (access) {
      if (!viewer.roles.has(networkId)) this.attach(viewer, networkId);
      viewer.roles.set(networkId, access.role);
    } else if (viewer.roles.delete(networkId)) this.release(viewer, networkId);
    const frame = frameOf(changed(networkId));
    for (const stream of viewer.streams) stream.write(frame);
  }

  private networkGone(event: DomainEvent): void {
    const entry = this.byNetwork.get(event.networkId);
    if (!entry) return;
    const frame = frameOf(changed(event.networkId));
    for (const viewer of [...entry.viewers]) {
      viewer.roles.delete(event.networkId);
      for (const stream of viewer.streams) stream.write(frame);
    }
    entry.unsubscribe();
    this.byNetwork.delete(event.networkId);
  }

  /** One timer for every stream: a comment each, then a look at whose sessions ended. */
  private scheduleKeepAlive(): void {
    this.keepAlive = setInterval(() => {
      this.writeToAll(KEEPALIVE_FRAME);
      void this.closeEndedSessions();
    }, this.config.liveKeepAliveSeconds * 1000);
    this.keepAlive.unref();
  }

  /**
   * Streams of sessions that ended (signed out, here or from another device) or expired are
   * closed, each keep-alive: one query for all of them. A client that reconnects then gets 401.
   */
  private async closeEndedSessions(): Promise<void> {
    const streams = this.allStreams();
    if (streams.length === 0) return;
    try {
      const active = await this.sessions.activeAmong([...new Set(streams.map(({ sessionId }) => sessionId))]);
      for (const stream of streams) if (!active.has(stream.sessionId)) stream.close();
    } catch {
      // The database is unavailable: the next keep-alive asks again.
    }
  }

  private closeAll(): void {
    for (const stream of this.allStreams()) stream.close();
  }

  beforeApplicationShutdown(): void {
    this.closeAll();
  }

  onModuleDestroy(): void {
    clearInterval(this.keepAlive);
    this.stopGaps();
  }
}

const changed = (networkId: string): LiveEvent => ({ type: 'network.changed', networkId });
