/**
 * Runs a task at most one at a time: a call made while one runs waits for it, then runs its own
 * (a collector's flush from its timer and the one at shutdown never write the same rows twice).
 */
export class OneAtATime {
  private running: Promise<void> | null = null;

  async run(task: () => Promise<void>): Promise<void> {
    // Checked before any await: two calls in the same tick must not both find it free.
    while (this.running) await this.running;
    const running = task();
    this.running = running;
    try {
      await running;
    } finally {
      this.running = null;
    }
  }

  /** Resolves once no task runs (one that starts while this waits is waited for too). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
