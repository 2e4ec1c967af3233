import type { ServerResponse } from 'node:http';
import type { Role } from '@outpost/contracts';

/** Unsent bytes a stream may hold before it is closed as too slow (its client resumes later). */
export const LIVE_MAX_BUFFERED_BYTES = 1_048_576;

/**
 * A user with open streams on this instance: their role in each network, one copy for all their
 * tabs (kept current while any is open), and those streams.
 */
export class LiveViewer {
  readonly streams = new Set<LiveStream>();

  constructor(
    readonly userId: string,
    readonly roles: Map<string, Role>,
  ) {}
}

/** Told when a stream closes (the hub): one object for every stream, no closure of each's own. */
export type LiveStreamOwner = { detach(stream: LiveStream): void };

type Held = { id: string; frame: string };

/**
 * One open stream: whose it is, the session it was opened with, and the response it writes frames
 * to. While the stream replays what the client missed, live frames wait in order behind it. It
 * holds nothing else: a stream lives for hours, and each one's bytes count thousands of times.
 */
export class LiveStream {
  private replaying = true;
  /** Live frames that came during the replay (made when the first one comes). */
  private held: Held[] | null = null;
  closed = false;

  constructor(
    readonly viewer: LiveViewer,
    /** The session the stream was opened with: it ends when the session does. */
    readonly sessionId: string,
    private readonly response: ServerResponse,
    private readonly owner: LiveStreamOwner,
  ) {}

  /** A frame of a bus message; held while the replay runs. */
  deliver(id: string, frame: string): void {
    if (!this.replaying) this.write(frame);
    else (this.held ??= []).push({ id, frame });
  }

  /** The missed messages' frames, then whatever arrived meanwhile (each once). */
  finishReplay(frames: Held[]): void {
    const held = this.held ?? [];
    this.replaying = false;
    this.held = null;
    for (const { frame } of frames) this.write(frame);
    if (held.length === 0) return;
    const replayed = new Set(frames.map(({ id }) => id));
    for (const { id, frame } of held) if (!replayed.has(id)) this.write(frame);
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
    this.owner.detach(this);
  }
}
