import type { AutomationActionStatus, CommandItem } from '@outpost/contracts';

/** The statuses that end an action, and those that fail it. */
export const FINAL: readonly AutomationActionStatus[] = ['succeeded', 'failed', 'expired', 'skipped'];
export const FAILED: readonly AutomationActionStatus[] = ['failed', 'expired'];

/** An action's outcome: a status that ends it, or one still followed. */
export type Outcome = { status: AutomationActionStatus; detail: string | null };

/** What a command's state says of the action that sent it. */
export const commandOutcome = (item: CommandItem): Outcome => ({
  status: item.status,
  detail:
    item.status === 'expired'
      ? 'The game server did not take it in time'
      : item.output
        ? item.output.slice(0, 1000)
        : null,
});
