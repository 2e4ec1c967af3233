import { Injectable } from '@nestjs/common';

/** A figure's lowest and highest report in a minute. */
export type MinuteRange = { min: number; max: number };

/**
 * One complete minute of a server's figures: the lowest and highest of its reports (null when
 * none of them carried the figure), so a rule can tell whether every report was beyond it.
 */
export type MinuteFigures = {
  serverId: string;
  minute: Date;
  players: MinuteRange | null;
  fps: MinuteRange | null;
};

/**
 * Where the threshold rules read the servers' complete one-minute buckets (the metrics module's):
 * those from `since` on, as complete at `now`; a minute with no report is absent.
 */
export abstract class AlertMetrics {
  /** How long after its start a minute is complete. */
  abstract readonly completeAfterMs: number;
  abstract completeMinutes(serverIds: readonly string[], since: Date, now: Date): Promise<MinuteFigures[]>;
}

/** No figures (no threshold fires): what the rules read while no metrics source is wired. */
@Injectable()
export class NoAlertMetrics extends AlertMetrics {
  readonly completeAfterMs = 60_000;

  completeMinutes(): Promise<MinuteFigures[]> {
    return Promise.resolve([]);
  }
}
