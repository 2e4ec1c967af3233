import { Injectable } from '@nestjs/common';

/**
 * The time alerts go by (hold-down, threshold minutes, the dispatcher's backoff); tests replace
 * `now`, as they do the plugin's clock.
 */
@Injectable()
export class AlertsClock {
  now(): Date {
    return new Date();
  }
}
