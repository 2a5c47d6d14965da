import { parseConsistencyTokens } from '@careers/contracts/consistency';
import { type ServerEventName, serverEvents } from '@careers/contracts/sockets';
import type { SocketMessage } from './routing.ts';

/**
 * Pushes that say what a post's count is now: only the newest one matters, so a room hears at most one
 * of each per window. Like counts and comment counts are separate families (each event carries only
 * its own count); an added and a removed comment share one, as both set the comment count.
 */
const countFamilies: Partial<Record<ServerEventName, string>> = {
  [serverEvents.postUpdated]: 'likes',
  [serverEvents.postCommentAdded]: 'comments',
  [serverEvents.postCommentRemoved]: 'comments',
};

/** Rooms whose newest pushed versions are remembered (a post room unheard of for long is forgotten). */
const REMEMBERED_COUNTS = 100_000;

interface Pending {
  message: SocketMessage;
  version: number;
}

interface RoomWindow {
  /** Armed while the room is inside a window that began with a push to it. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The newest count push of each event waiting for the window to end. */
  pending: Map<SocketMessage['event'], Pending>;
}

function countVersion(message: SocketMessage): { family: string; version: number } | null {
  const family = countFamilies[message.event];
  if (family === undefined || !('consistencyToken' in message.payload)) return null;
  const version = parseConsistencyTokens(message.payload.consistencyToken)?.[0]?.streamVersion;
  return version === undefined ? null : { family, version };
}

/**
 * Turns the stream of pushes into at most one count push per post room per window, each carrying the
 * newest count and its consistency token. A room that has heard nothing for a window gets its update at
 * once; updates arriving inside a window wait for its end (never longer), and only the newest of each
 * is sent. Everything else (a removed post, a connection request, an application) is a distinct thing
 * and goes out at once, after whatever counts its room had waiting, so a room hears its pushes in the
 * order of the post's stream.
 *
 * The rule a watcher relies on: for each room and family, the versions sent only go up. A count older
 * than one already sent (a Kafka batch redelivered after a rebalance, another gateway having sent the
 * newer one first) is dropped, as the screen would otherwise step back to it: clients set the like
 * count a push names without comparing versions.
 */
export class PushCoalescer {
  readonly #windowMs: number;
  readonly #send: (messages: SocketMessage[]) => void;
  readonly #rooms = new Map<string, RoomWindow>();
  /** `<room>\n<family>` -> the newest version sent (or delivered from another gateway). */
  readonly #sent = new Map<string, number>();

  constructor(options: { windowMs: number; send: (messages: SocketMessage[]) => void }) {
    this.#windowMs = options.windowMs;
    this.#send = options.send;
  }

  /** Takes one consumed batch's pushes, in the order they were consumed. */
  add(messages: readonly SocketMessage[]): void {
    const out: SocketMessage[] = [];
    const touched = new Set<string>();
    for (const message of messages) {
      const count = countVersion(message);
      if (count === null) {
        const waiting = this.#rooms.get(message.room);
        if (waiting && waiting.pending.size > 0) out.push(...this.#drain(message.room, waiting));
        out.push(message);
        continue;
      }
      if (count.version <= (this.#sent.get(`${message.room}\n${count.family}`) ?? 0)) continue;
      let room = this.#rooms.get(message.room);
      if (!room) {
        room = { timer: undefined, pending: new Map() };
        this.#rooms.set(message.room, room);
      }
      const held = room.pending.get(message.event);
      if (!held || held.version < count.version) {
        room.pending.set(message.event, { message, version: count.version });
      }
      touched.add(message.room);
    }
    for (const name of touched) {
      const room = this.#rooms.get(name);
      // A room inside its window is flushed when the window ends; a quiet one hears the news now.
      if (!room || room.timer !== undefined) continue;
      out.push(...this.#drain(name, room));
      this.#arm(name, room);
    }
    if (out.length > 0) this.#send(out);
  }

  /**
   * Whether a push another gateway sent should reach this gateway's sockets: a count older than one
   * already delivered here would take the screen back. Remembered, so this gateway's own older count
   * waiting in a window is dropped too.
   */
  admit(message: SocketMessage): boolean {
    const count = countVersion(message);
    if (count === null) return true;
    const key = `${message.room}\n${count.family}`;
    if (count.version <= (this.#sent.get(key) ?? 0)) return false;
    this.#remember(key, count.version);
    return true;
  }

  /** Sends whatever is waiting and stops the timers. */
  close(): void {
    const out: SocketMessage[] = [];
    for (const [name, room] of this.#rooms) {
      clearTimeout(room.timer);
      out.push(...this.#drain(name, room));
    }
    this.#rooms.clear();
    if (out.length > 0) this.#send(out);
  }

  /** The room's waiting counts, oldest version first, minus any no longer newer than what was sent. */
  #drain(name: string, room: RoomWindow): SocketMessage[] {
    const waiting = [...room.pending.values()].sort((a, b) => a.version - b.version);
    room.pending.clear();
    const out: SocketMessage[] = [];
    for (const { message, version } of waiting) {
      const key = `${name}\n${countFamilies[message.event]}`;
      if (version <= (this.#sent.get(key) ?? 0)) continue;
      this.#remember(key, version);
      out.push(message);
    }
    return out;
  }

  #arm(name: string, room: RoomWindow): void {
    room.timer = setTimeout(() => {
      room.timer = undefined;
      if (room.pending.size === 0) {
        this.#rooms.delete(name);
        return;
      }
      const out = this.#drain(name, room);
      this.#arm(name, room);
      if (out.length > 0) this.#send(out);
    }, this.#windowMs);
    room.timer.unref?.();
  }

  #remember(key: string, version: number): void {
    // Re-inserted so the map's order is least recently pushed first: that one is forgotten first.
    this.#sent.delete(key);
    this.#sent.set(key, version);
    if (this.#sent.size > REMEMBERED_COUNTS) {
      const oldest = this.#sent.keys().next().value;
      if (oldest !== undefined) this.#sent.delete(oldest);
    }
  }
}
