import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type {
  Alert,
  AuditAction,
  AuditEntry,
  AuditTargetType,
  CommandStatus,
  ConsoleLineEntry,
  PluginCommandType,
  RconState,
  ServerStatus,
} from '@outpost/contracts';
import type { AuthUser } from '../auth';

/**
 * Something a person changed in a network (an audit action). Emitted under its action name (e.g.
 * 'server.added'); the audit log stores each.
 */
export type DomainEvent = {
  action: AuditAction;
  networkId: string;
  networkName: string;
  actor: { id: string; name: string };
  target: { type: AuditTargetType; id: string; name: string };
  details: Record<string, unknown>;
  at: Date;
};

export type DomainEventInput = Omit<DomainEvent, 'actor' | 'at' | 'details'> & {
  details?: Record<string, unknown>;
};

/**
 * A report's figures as the game server sent them; null where its source does not report one
 * (the plugin sends no queue or traffic, WebRCON's serverinfo no memory of its own).
 */
export type ReportedFigures = {
  fps: number | null;
  entities: number | null;
  memoryMb: number | null;
  queued: number | null;
  /** Bytes per second. */
  networkIn: number | null;
  networkOut: number | null;
};

/** A game server's heartbeat was stored, with its figures (the metrics module keeps them). */
export type ServerReportedEvent = {
  networkId: string;
  serverId: string;
  status: 'online' | 'starting';
  playerCount: number;
  maxPlayers: number;
  at: Date;
} & ReportedFigures;

/**
 * Where a stored heartbeat's players stood, and the world it described (the map module keeps
 * them). `players` is the heartbeat's own list, shared, not copied: read it, never change it.
 */
export type ServerPositionsEvent = {
  networkId: string;
  serverId: string;
  at: Date;
  worldSize: number | null;
  seed: number | null;
  map: string | null;
  players: readonly {
    steamId: string;
    name: string;
    position?: { x: number; y: number; z: number };
  }[];
};

/**
 * A server's status really changed (and the change is committed): its first heartbeat or one
 * after an outage (offline → online or starting), starting → online and back, or the offline
 * sweep (→ offline, `at` is when the sweep found it silent). Emitted once per transition, by the
 * instance that stored it.
 */
export type ServerStatusChangedEvent = {
  networkId: string;
  serverId: string;
  serverName: string;
  from: ServerStatus;
  to: ServerStatus;
  /** The server's first report ever (a new server coming up, not one coming back). */
  firstReport: boolean;
  at: Date;
};

/** The offline sweep found a server silent for 3 heartbeats and set it offline. */
export type ServerWentOfflineEvent = { networkId: string; serverId: string; maxPlayers: number; at: Date };

/** A heartbeat opened sessions here (players who came online) and closed others (who left). */
export type PlayersMovedEvent = {
  networkId: string;
  serverId: string;
  joined: { steamId: string; name: string }[];
  left: string[];
};

/** A game server's events were stored (the first time each id arrived). */
/** One stored event as its listeners read it (shared, not copied: read it, never change it). */
export type StoredServerEvent = {
  readonly id: string;
  readonly type: string;
  readonly steamId: string | null;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly at: Date;
};

/**
 * A game server's events were stored (the first time each id arrived), with the events themselves,
 * so a listener that needs only some of them (chat lines, say) does not read them back.
 */
export type ServerEventsStoredEvent = {
  networkId: string;
  serverId: string;
  ids: string[];
  events: readonly StoredServerEvent[];
};

/** The panel's own RCON connection to a server changed state (it was stored). */
export type RconStateEvent = {
  networkId: string;
  serverId: string;
  state: RconState;
  lastError: string | null;
  connectedAt: Date | null;
  refusedAt: Date | null;
};

/** The audit log stored an entry (after the change it records). */
export type AuditRecordedEvent = { networkId: string; entry: AuditEntry };

/**
 * A command reached its outcome: a game server reported it (its first report; repeats change
 * nothing), or a kick or warn expired.
 */
export type CommandCompletedEvent = {
  networkId: string;
  serverId: string;
  commandId: string;
  type: PluginCommandType;
  /** The punishment it carries out, if any. */
  punishmentId: string | null;
  status: Extract<CommandStatus, 'succeeded' | 'failed' | 'expired'>;
  output: string | null;
  at: Date;
};

/** A line a game server printed by itself (a console event it sent). */
export type ConsoleLineEvent = {
  networkId: string;
  serverId: string;
  line: ConsoleLineEntry;
};

/** A punishment was issued, edited, lifted, imported or expired (its change is committed). */
export type PunishmentChangedEvent = {
  networkId: string;
  serverId: string | null;
  punishmentId: string | null;
};

/** A report arrived (plugin, bridge, the game's reports URL) or was worked on. */
export type ReportChangedEvent = { networkId: string; serverId: string | null; reportId: string };

/** An alert fired, resolved, reopened, or one of its deliveries changed (it is stored). */
export type AlertChangedEvent = { networkId: string; alert: Alert };

/** An automation's run began, an action of it reached its outcome, or it ended (it is stored). */
export type AutomationRunEvent = {
  networkId: string;
  automationId: string;
  runId: string;
  serverId: string | null;
};

/** What the server's own processes tell (no person did it): heartbeats, the sweep, the plugin. */
export type SystemEventMap = {
  'server.reported': ServerReportedEvent;
  'server.positions': ServerPositionsEvent;
  'server.wentOffline': ServerWentOfflineEvent;
  'server.statusChanged': ServerStatusChangedEvent;
  'command.completed': CommandCompletedEvent;
  'console.line': ConsoleLineEvent;
  'players.moved': PlayersMovedEvent;
  'server.eventsStored': ServerEventsStoredEvent;
  'audit.recorded': AuditRecordedEvent;
  'server.rconState': RconStateEvent;
  'punishment.changed': PunishmentChangedEvent;
  'report.changed': ReportChangedEvent;
  'alert.changed': AlertChangedEvent;
  'automation.run': AutomationRunEvent;
};

/**
 * Every domain event by name. Modules that care (audit log, live stream, alerts, Discord)
 * subscribe with `on()`, so the emitting module never imports them.
 */
export type DomainEventMap = { [A in AuditAction]: DomainEvent } & SystemEventMap;
export type DomainEventName = keyof DomainEventMap;
export type SystemEventName = keyof SystemEventMap;

/** How a person appears in events: their name, else their e-mail. */
export const actorOf = (user: Pick<AuthUser, 'id' | 'name' | 'email'>): DomainEvent['actor'] => ({
  id: user.id,
  name: user.name.trim() || user.email,
});

/** The in-process bus (EventEmitter2), typed by DomainEventMap. */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');

  constructor(private readonly emitter: EventEmitter2) {}

  /**
   * A person's change (an audit action). Emits after the change is committed and waits for the
   * listeners, so a client that reads the audit log right after a change already sees it.
   */
  async publish(actor: Pick<AuthUser, 'id' | 'name' | 'email'>, event: DomainEventInput): Promise<void> {
    const full: DomainEvent = {
      ...event,
      details: event.details ?? {},
      actor: actorOf(actor),
      at: new Date(),
    };
    await this.emitter.emitAsync(event.action, full);
  }

  /**
   * A system event, after its change is committed. Does not wait for the listeners: it is
   * emitted on hot paths (every heartbeat), and a listener's failure is its own (logged).
   */
  emit<K extends SystemEventName>(name: K, event: SystemEventMap[K]): void {
    this.emitter.emit(name, event);
  }

  /** Subscribes to one event; a listener that throws or rejects is logged. Answers the unsubscribe. */
  on<K extends DomainEventName>(
    name: K,
    listener: (event: DomainEventMap[K]) => void | Promise<void>,
  ): () => void {
    const safe = async (event: DomainEventMap[K]) => {
      try {
        await listener(event);
      } catch (error) {
        this.logger.error(
          `A listener of ${name} failed`,
          error instanceof Error ? error.stack : String(error),
        );
      }
    };
    this.emitter.on(name, safe);
    return () => this.emitter.off(name, safe);
  }
}
