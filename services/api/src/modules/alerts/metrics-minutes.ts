import { Injectable } from '@nestjs/common';
import { MetricsQuery, MINUTE_COMPLETE_AFTER_MS } from '../metrics';
import { AlertMetrics, type MinuteFigures } from './alert-metrics';

/**
 * The threshold rules' figures: the metrics module's complete one-minute buckets, their lowest and
 * highest report (an average would count a minute beyond for a few seconds of it).
 */
@Injectable()
export class MetricsMinutes extends AlertMetrics {
  readonly completeAfterMs = MINUTE_COMPLETE_AFTER_MS;

  constructor(private readonly metrics: MetricsQuery) {
    super();
  }

  async completeMinutes(serverIds: readonly string[], since: Date, now: Date): Promise<MinuteFigures[]> {
    const minutes = await this.metrics.completeMinutes(serverIds, since, now);
    return minutes.map((minute) => ({
      serverId: minute.serverId,
      minute: minute.at,
      players: { min: minute.players.min, max: minute.players.max },
      fps: minute.fps ? { min: minute.fps.min, max: minute.fps.max } : null,
    }));
  }
}
