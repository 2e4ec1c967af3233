import type { Role } from '@outpost/contracts';
import type { Response } from 'express';

/** Unsent bytes a stream may hold before it is closed as too slow (its client resumes later). */
export const LIVE_MAX_BUFFERED_BYTES = 1_048_576;

/**
 * One open stream: whose it is, their role in each network, and the response it writes frames to.
 * While the stream replays what the client missed, live frames wait in order behind it.
 */
export class LiveStream {
  private held: { id: string; frame: string }[] | null = [];
  private readonly replayed = new Set<string>();
  closed = false;

  constructor(
    readonly userId: string,
    /** The session the stream was opened with: it ends when the session does. */
    readonly sessionId: string,
    readonly roles: Map<string, Role>,
    private readonly response: Response,
    private readonly onClose: (stream: LiveStream) => void,
  ) {}

  /** A frame of a bus message; held while the replay runs. */
  deliver(id: string, frame: string): void {
    if (this.held) this.held.push({ id, frame });
    else this.write(frame);
  }

  /** The missed messages' frames, then whatever arrived meanwhile (each once). */
  finishReplay(frames: { id: string; frame: string }[]): void {
    for (const { id, frame } of frames) {
      this.replayed.add(id);
      this.write(frame);
    }
    const held = this.held ?? [];
    this.held = null;
    for (const { id, frame } of held) if (!this.replayed.has(id)) this.write(frame);
    this.replayed.clear();
  }

  write(frame: string): void {
    if (this.closed) return;
    // Corked here, Node's HTTP layer does not cork the socket itself and defer the uncork to a
    // tick of its own per write: a fan-out to thousands of streams would queue as many ticks (each
    // an async resource, with the ORM's async context to carry) before any frame leaves.
    const { socket } = this.response;
    socket?.cork();
    this.response.write(frame);
    socket?.uncork();
    if (this.response.writableLength > LIVE_MAX_BUFFERED_BYTES) this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.response.end();
    this.onClose(this);
  }
}
