import type { BroadcastFrame } from '../../../game/chat-protocol';

/**
 * Coalescing: a broadcast in a quiet room goes out at once and opens a window of this many milliseconds;
 * broadcasts during the window wait and go out together at its end, as one `batch` frame per socket, and the
 * window reopens while there was something to send. Sending a frame to a socket is most of what a delivery
 * costs (bench/README.md), so a busy room sends one frame per socket per window instead of one per message.
 * A room sets a timer only while busy (this window), so it sleeps while quiet.
 */
export const COALESCE_MS = 10;
/** A batch this long goes out before its window ends, so no frame grows without bound. */
const BATCH_MAX = 100;

/**
 * Broadcasts on their way out, by coalescing window. Out means to the sockets of a room or leaf or, at the
 * lobby's root, to every leaf holding sockets, which coalesces again for its own (ADR 011).
 */
export class Coalescer {
  /** Broadcasts waiting for the end of the coalescing window; null while no window is open. */
  private pending: BroadcastFrame[] | null = null;

  constructor(private readonly emit: (frames: BroadcastFrame[]) => void) {}

  push(frames: BroadcastFrame[]) {
    if (!this.pending) {
      this.pending = [];
      this.emit(frames);
      setTimeout(() => this.endWindow(), COALESCE_MS);
      return;
    }
    for (const frame of frames) {
      this.pending.push(frame);
      if (this.pending.length >= BATCH_MAX) this.flush();
    }
  }

  /** The broadcasts still in the window: they go out to every socket at its end. */
  waiting(): ReadonlySet<BroadcastFrame> {
    return new Set(this.pending);
  }

  /** The window ends: what waited goes out and the window reopens; with nothing waiting, the room is quiet again. */
  private endWindow() {
    if (!this.pending?.length) {
      this.pending = null;
      return;
    }
    this.flush();
    setTimeout(() => this.endWindow(), COALESCE_MS);
  }

  private flush() {
    const frames = this.pending ?? [];
    this.pending = [];
    if (frames.length) this.emit(frames);
  }
}
