import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { LIVE_READY_EVENT, LIVE_REFETCH_EVENT, type LiveEvent, type Role } from '@outpost/contracts';
import type { Response } from 'express';
import { AccessService } from '../../core/access';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import type { AuthUser } from '../../core/auth';
import { DomainEvents, type DomainEvent } from '../../core/events';
import { Draining } from '../../core/http';
import { LiveBus, type LiveMessage } from '../../core/live';
import { SessionsService } from '../identity';
import { frameOf, viewOf } from './live-visibility';
import { LiveStream } from './live-stream';

const KEEPALIVE_FRAME = ': keep-alive\n\n';

/** Changes after which a user's role in a network is read again (their open streams follow). */
const MEMBERSHIP_ACTIONS = ['member.joined', 'member.roleChanged', 'member.removed'] as const;

/**
 * The open live streams of this instance (GET /api/live). It subscribes to the bus once per
 * network that has streams, and gives each stream the view its role allows (the frame is made
 * once per role). A user's memberships are followed while their stream is open: joining,
 * a role change, removal and a deleted network take effect at once, without a reconnect.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly byNetwork = new Map<string, { streams: Set<LiveStream>; unsubscribe: () => void }>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
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
    const frame = frameOf({ type: LIVE_REFETCH_EVENT });
    for (const streams of this.byUser.values()) for (const stream of streams) stream.write(frame);
  }

  /** Streams open on this instance. */
  get size(): number {
    let size = 0;
    for (const streams of this.byUser.values()) size += streams.size;
    return size;
  }

  /**
   * Starts a stream on `response` (headers already sent): ready, then what the client missed
   * since `lastEventId` (or a refetch when that cannot be told), then live events.
   */
  async open(user: AuthUser, response: Response, lastEventId: string | undefined): Promise<LiveStream> {
    const roles = new Map<string, Role>([...(user.memberships ?? [])].map(([id, { role }]) => [id, role]));
    const stream = new LiveStream(user.id, user.sessionId, roles, response, (closed) => this.detach(closed));
    let streams = this.byUser.get(user.id);
    if (!streams) this.byUser.set(user.id, (streams = new Set()));
    streams.add(stream);
    for (const networkId of roles.keys()) this.attach(stream, networkId);
    stream.write(frameOf({ type: LIVE_READY_EVENT }));
    if (!lastEventId) {
      stream.finishReplay([]);
      return stream;
    }
    const missed = await this.bus.since(lastEventId, new Set(roles.keys()));
    if (!missed) stream.write(frameOf({ type: LIVE_REFETCH_EVENT }));
    stream.finishReplay(
      (missed ?? []).flatMap((message) => {
        const frame = this.frameFor(stream, message);
        return frame ? [{ id: message.id, frame }] : [];
      }),
    );
    return stream;
  }

  private frameFor(stream: LiveStream, message: LiveMessage): string | null {
    const role = stream.roles.get(message.event.networkId);
    const view = role ? viewOf(message.event, role) : null;
    return view ? frameOf(view, message.id) : null;
  }

  private attach(stream: LiveStream, networkId: string): void {
    let entry = this.byNetwork.get(networkId);
    if (!entry) {
      const streams = new Set<LiveStream>();
      entry = {
        streams,
        unsubscribe: this.bus.subscribe(networkId, (message) => this.fanOut(streams, message)),
      };
      this.byNetwork.set(networkId, entry);
    }
    entry.streams.add(stream);
  }

  private release(stream: LiveStream, networkId: string): void {
    const entry = this.byNetwork.get(networkId);
    if (!entry) return;
    entry.streams.delete(stream);
    if (entry.streams.size === 0) {
      entry.unsubscribe();
      this.byNetwork.delete(networkId);
    }
  }

  /** One frame per role that sees the event, written to every stream of that role. */
  private fanOut(streams: ReadonlySet<LiveStream>, message: LiveMessage): void {
    const { networkId } = message.event;
    const frames = new Map<Role, string | null>();
    for (const stream of streams) {
      const role = stream.roles.get(networkId);
      if (!role) continue;
      let frame = frames.get(role);
      if (frame === undefined) {
        const view = viewOf(message.event, role);
        frame = view ? frameOf(view, message.id) : null;
        frames.set(role, frame);
      }
      if (frame) stream.deliver(message.id, frame);
    }
  }

  private detach(stream: LiveStream): void {
    for (const networkId of stream.roles.keys()) this.release(stream, networkId);
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
  }

  /** Reads the user's role in the network again and moves their open streams along. */
  private async followMember(userId: string, networkId: string): Promise<void> {
    const streams = this.byUser.get(userId);
    if (!streams?.size) return;
    const access = await this.access.roleOf(userId, networkId);
    for (const stream of streams) {
      if (access) {
        if (!stream.roles.has(networkId)) this.attach(stream, networkId);
        stream.roles.set(networkId, access.role);
      } else if (stream.roles.delete(networkId)) this.release(stream, networkId);
      stream.write(frameOf(changed(networkId)));
    }
  }

  private networkGone(event: DomainEvent): void {
    const entry = this.byNetwork.get(event.networkId);
    if (!entry) return;
    for (const stream of [...entry.streams]) {
      stream.roles.delete(event.networkId);
      stream.write(frameOf(changed(event.networkId)));
    }
    entry.unsubscribe();
    this.byNetwork.delete(event.networkId);
  }

  private scheduleKeepAlive(): void {
    this.keepAlive = setInterval(() => {
      for (const streams of this.byUser.values()) for (const stream of streams) stream.write(KEEPALIVE_FRAME);
      void this.closeEndedSessions();
    }, this.config.liveKeepAliveSeconds * 1000);
    this.keepAlive.unref();
  }

  /**
   * Streams of sessions that ended (signed out, here or from another device) or expired are
   * closed, each keep-alive: one query for all of them. A client that reconnects then gets 401.
   */
  private async closeEndedSessions(): Promise<void> {
    const streams = [...this.byUser.values()].flatMap((set) => [...set]);
    if (streams.length === 0) return;
    try {
      const active = await this.sessions.activeAmong(streams.map((stream) => stream.sessionId));
      for (const stream of streams) if (!active.has(stream.sessionId)) stream.close();
    } catch {
      // The database is unavailable: the next keep-alive asks again.
    }
  }

  private closeAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
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
