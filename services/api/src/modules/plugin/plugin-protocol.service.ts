import { Injectable } from '@nestjs/common';
import type {
  AgentStateResponse,
  CommandResultResponse,
  CommandsResponse,
  EventsResponse,
  HeartbeatResponse,
} from '@outpost/contracts';
import type {
  AgentStateInput,
  CommandResultInput,
  HeartbeatInput,
  PluginEventInput,
} from '@outpost/validation';
import { CommandLongPoll, CommandsService } from '../commands';
import { agentOf, ServerAgents, type PluginServer } from '../servers';
import { HeartbeatService } from './heartbeat.service';
import type { PluginCaller } from './plugin-auth.guard';
import { PluginClock } from './plugin-clock';
import { PluginEventsService } from './plugin-events.service';

/**
 * The plugin protocol (DESIGN section 5), once: what a game server's call does, whoever carries
 * it. PluginController calls it for the HTTP routes (plugins, the simulator, outpost-bridge) and
 * the RCON module for the panel's own WebRCON connections, with input already checked by the
 * protocol's schemas. The data each call changes belongs to the modules that own it: presence to
 * players/, the server's status to servers/, the Logs lines to logs/, reports to reports/ and the
 * commands to commands/.
 */
@Injectable()
export class PluginProtocol {
  constructor(
    private readonly heartbeats: HeartbeatService,
    private readonly events: PluginEventsService,
    private readonly commands: CommandsService,
    private readonly longPoll: CommandLongPoll,
    private readonly clock: PluginClock,
    private readonly agents: ServerAgents,
  ) {}

  /**
   * What a heartbeat came through (outpost-bridge and its version, from its User-Agent) and from
   * where, kept once the heartbeat proved the token good.
   */
  noteAgent(caller: PluginCaller, userAgent: string | undefined, address: string | undefined): Promise<void> {
    return this.agents.note(caller.token, agentOf(userAgent, address));
  }

  /**
   * How the agent's RCON connection to the game server is (outpost-bridge, on every change): kept
   * on the server with the agent that said it, so the server page can say a refused password.
   */
  async agentState(
    caller: PluginCaller,
    server: PluginServer,
    input: AgentStateInput,
    userAgent: string | undefined,
    address: string | undefined,
  ): Promise<AgentStateResponse> {
    await this.noteAgent(caller, userAgent, address);
    return this.agents.noteState(server.id, input, this.clock.now());
  }

  /** The server's state and online players; answers the commands to deliver. */
  heartbeat(caller: PluginCaller, input: HeartbeatInput): Promise<HeartbeatResponse> {
    return this.heartbeats.heartbeat(caller, input);
  }

  /**
   * A heartbeat over HTTP (the route, and its entry before Express): the heartbeat, then, its token
   * proved good, what it came through and from where.
   */
  async heartbeatOverHttp(
    caller: PluginCaller,
    input: HeartbeatInput,
    userAgent: string | undefined,
    address: string | undefined,
  ): Promise<HeartbeatResponse> {
    const answer = await this.heartbeat(caller, input);
    await this.noteAgent(caller, userAgent, address);
    return answer;
  }

  /** A batch of events, each stored once by its id. */
  ingest(server: PluginServer, events: PluginEventInput[]): Promise<EventsResponse> {
    return this.events.ingest(server, events);
  }

  /** The commands queued for the server, as soon as one is, or [] after `waitSeconds`. */
  async waitForCommands(serverId: string, waitSeconds: number, gone: AbortSignal): Promise<CommandsResponse> {
    return { commands: await this.longPoll.wait(serverId, waitSeconds, gone, () => this.clock.now()) };
  }

  /** What the game server did with a command it received. */
  completeCommand(
    serverId: string,
    commandId: string,
    result: CommandResultInput,
  ): Promise<CommandResultResponse> {
    return this.commands.complete(serverId, commandId, result, this.clock.now());
  }
}
