import { Injectable } from '@nestjs/common';

/**
 * Tells this instance's dispatcher that deliveries were queued, so the leader sends them at once
 * instead of at its next tick (another instance's are picked up by the leader's tick).
 */
@Injectable()
export class DispatchSignal {
  private listener: (() => void) | null = null;

  listen(listener: () => void): void {
    this.listener = listener;
  }

  wake(): void {
    this.listener?.();
  }
}
