import {
  PluginApiError,
  type CommandResultRequest,
  type NewPluginEvent,
  type PluginCommand,
} from '@outpost/plugin-sdk';
import type { SimulatedWorld } from './simulated-world';

export type CommandRunnerOptions = {
  world: SimulatedWorld;
  emit: (event: NewPluginEvent) => void;
  /** A console line's result, as the server's console answers it. */
  console: (line: string, now: number) => CommandResultRequest;
  report: (commandId: string, result: CommandResultRequest) => Promise<unknown>;
  signal: AbortSignal;
  log: (line: string) => void;
};

/**
 * Carries out the panel's commands (kick, warn, ban, unban, console) and reports each result. A
 * command handed out again, by the long-poll and a heartbeat or after a report was lost, runs once.
 */
export class CommandRunner {
  /** Commands already carried out, with their result until the panel has it. */
  private readonly done = new Map<string, CommandResultRequest | null>();

  constructor(private readonly options: CommandRunnerOptions) {}

  async obey(commands: PluginCommand[], now: number): Promise<void> {
    const { signal } = this.options;
    for (const command of commands) {
      if (!this.done.has(command.id)) this.done.set(command.id, this.execute(command, now));
      const result = this.done.get(command.id);
      if (!result) continue;
      try {
        await this.options.report(command.id, result);
        this.done.set(command.id, null);
      } catch (error) {
        // 404: the panel no longer knows the command; anything else is retried with the next heartbeat.
        if (error instanceof PluginApiError && error.status === 404) this.done.set(command.id, null);
        else if (!signal.aborted) this.options.log(`result of ${command.id} not delivered: ${String(error)}`);
      }
    }
    if (this.done.size > 1000) this.done.delete(this.done.keys().next().value as string);
  }

  private execute(command: PluginCommand, now: number): CommandResultRequest {
    if (command.type === 'console') return this.options.console(command.command, now);
    const { world } = this.options;
    const player = world.player(command.steamId);
    const who = player ? `${player.name} (${command.steamId})` : command.steamId;
    this.options.log(`${command.type} ${who}: ${command.reason}`);
    switch (command.type) {
      case 'kick':
        if (!player) return { ok: false, output: `${who} is not connected` };
        world.kick(player, command.reason, now);
        return { ok: true, output: `Kicked ${who}: ${command.reason}` };
      case 'ban': {
        const expiresAt = command.expiresAt ? Date.parse(command.expiresAt) : null;
        world.ban(command.steamId, command.reason, expiresAt, now);
        return {
          ok: true,
          output: `Banned ${who}${expiresAt ? ` until ${command.expiresAt}` : ' permanently'}: ${command.reason}`,
        };
      }
      case 'unban':
        return world.unban(command.steamId)
          ? { ok: true, output: `Unbanned ${who}` }
          : { ok: true, output: `${who} was not banned here` };
      case 'warn':
        if (!player) return { ok: false, output: `${who} is not connected` };
        this.options.emit({ type: 'log', level: 'warning', message: `Warned ${who}: ${command.reason}` });
        return { ok: true, output: `Warned ${who}: ${command.reason}` };
      default:
        return { ok: false, output: `Unknown command ${(command as { type: string }).type}` };
    }
  }
}
