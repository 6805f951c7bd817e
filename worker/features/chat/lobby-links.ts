/**
 * The sharded lobby's calls between objects (ADR 011): a leaf asks its root (join, accept, leave), the root
 * sends its broadcasts and anything aimed at a player to the leaves. Each object is called on one cached stub,
 * so calls arrive in the order made (E-order, Durable Object stub documentation).
 */
import type { BroadcastFrame, ClientFrame, Notice, WorldEvent } from '../../../game/chat-protocol';
import { chatRoom, LOBBY, leafName } from './lobby-tree';
import type { RoomState } from './room-state';
import { matches, type Identity, type Member, type PlayerSockets, type Standing, type StateLink, type Which } from './sides';

type Stub = ReturnType<typeof chatRoom>;

/** One chat object, called on one stub; undefined when a call failed. */
class Peer {
  private stub: Stub | null = null;

  constructor(
    private readonly env: Env,
    private readonly name: string,
  ) {}

  async call<T>(call: (stub: Stub) => Promise<T>): Promise<T | undefined> {
    this.stub ??= chatRoom(this.env, this.name);
    const stub = this.stub;
    try {
      return await call(stub);
    } catch (error) {
      // A broken stub stays broken: the next call makes a new one.
      if (this.stub === stub) this.stub = null;
      console.error(`chat: ${this.name} did not answer`, error);
      return undefined;
    }
  }
}

/**
 * A leaf's state side: the lobby's root. A report lost because the root's stub broke heals there: a broken
 * stub means the root restarted, and a restarted root asks the leaves who is here.
 */
export class RootLink implements StateLink {
  private readonly root: Peer;

  constructor(env: Env) {
    this.root = new Peer(env, LOBBY);
  }

  join(member: Member) {
    return this.root.call((root) => root.join(member));
  }

  accept(sender: Identity, frame: ClientFrame | null) {
    return this.root.call((root) => root.accept(sender, frame));
  }

  leave(member: Member) {
    return this.root.call((root) => root.leave(member));
  }

  leafRestarted(leaf: number) {
    return this.root.call((root) => root.leafRestarted(leaf));
  }
}

/** The root's leaves: where its broadcasts go, and the sockets aimed at a player are. */
export class Leaves implements PlayerSockets {
  private readonly peers = new Map<number, Peer>();

  constructor(
    private readonly env: Env,
    private readonly count: number,
    private readonly state: RoomState,
  ) {}

  /** One call per leaf holding sockets, made in order on one stub each, so every leaf gets the broadcasts in order. */
  deliver(frames: BroadcastFrame[]) {
    for (const leaf of this.state.leavesHolding()) void this.leaf(leaf).call((stub) => stub.deliver(frames));
  }

  /** The root's world events, at most once a second (world-window.ts), to every leaf holding sockets. */
  deliverWorld(events: WorldEvent[]) {
    for (const leaf of this.state.leavesHolding()) void this.leaf(leaf).call((stub) => stub.postWorld(events));
  }

  /** Who is on which leaf, asked of every leaf (the root keeps it in memory only). */
  async heldSockets(): Promise<Member[]> {
    const held = await Promise.all(Array.from({ length: this.count }, (_, leaf) => this.leaf(leaf).call((stub) => stub.heldSockets())));
    return held.flatMap((members) => members ?? []);
  }

  async notify(username: string, notice: Notice): Promise<void> {
    await this.forward((member) => member.username === username, (leaf) => leaf.notify(username, notice));
  }

  async tellWorld(uid: string, events: WorldEvent[]): Promise<void> {
    await this.forward((member) => member.uid === uid, (leaf) => leaf.tellWorld(uid, events));
  }

  async endSockets(which: Which, code: number): Promise<number> {
    const counts = await this.forward(matches(which), (leaf) => leaf.endSockets(which, code));
    return counts.reduce((sum: number, count) => sum + (count ?? 0), 0);
  }

  async restand(uid: string, standing: Standing): Promise<void> {
    await this.forward((member) => member.uid === uid, (leaf) => leaf.restand(uid, standing));
  }

  /** Calls the leaves holding a socket that `match`es, all at once. */
  private forward<T>(match: (member: Member) => boolean, call: (leaf: Stub) => Promise<T>): Promise<(T | undefined)[]> {
    return Promise.all(this.state.leavesWhere(match).map((leaf) => this.leaf(leaf).call(call)));
  }

  private leaf(index: number): Peer {
    let peer = this.peers.get(index);
    if (!peer) {
      peer = new Peer(this.env, leafName(index));
      this.peers.set(index, peer);
    }
    return peer;
  }
}
