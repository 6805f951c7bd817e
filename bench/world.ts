// The live world's cost per socket (bench/README.md, "World"; docs/design.md section 9.11): N players trading and
// scoring in the lobby, each commit's world events pushed through the room's own coalescing code
// (worker/features/chat/world-window.ts) on a virtual clock, counting the `world` frames and bytes each socket
// gets a minute and the Durable Object calls the events cost. No runtime and no network: the frames a socket
// gets depend only on when events arrive and on the window, which is the code under test here; the runtime's
// cost per frame is the chat's (bench/README.md, "Chat").
//
//   node --import ./scripts/ts-resolve.mjs bench/world.ts   (or: npx tsx bench/world.ts)
import type { WorldEvent } from '../game/chat-protocol';
import { WORLD_WINDOW_MS, WorldWindow } from '../worker/features/chat/world-window';

/** The virtual clock: timers run in time order, as fast as they can. */
const timers: { at: number; seq: number; run: () => void }[] = [];
let now = 0;
let seq = 0;
globalThis.setTimeout = ((run: () => void, ms = 0) => {
  timers.push({ at: now + ms, seq: (seq += 1), run });
  return seq;
}) as unknown as typeof setTimeout;

function advanceTo(time: number) {
  for (;;) {
    timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = timers[0];
    if (!next || next.at > time) break;
    timers.shift();
    now = next.at;
    next.run();
  }
  now = time;
}

/** A fixed seed, so a run is repeatable. */
function random(seed: number) {
  let state = seed;
  return () => ((state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

interface Scenario {
  name: string;
  players: number;
  /** Per player per hour: listings, purchases and scoring trophies. */
  perHour: { list: number; buy: number; trophy: number };
}

/** The lobby as deployed: 5 leaves (wrangler.toml), a socket per player, spread evenly. */
const LEAVES = 5;
const MINUTES = 10;

function simulate({ name, players, perHour }: Scenario) {
  timers.length = 0;
  now = 0;
  const rand = random(42);
  const sockets = players;
  let frames = 0;
  let bytes = 0;
  let rootToLeaf = 0;
  // Each leaf coalesces again for its sockets; all leaves see the same events, so one leaf stands for each.
  const leaf = new WorldWindow((everyone) => {
    const encoded = JSON.stringify({ type: 'world', events: everyone });
    frames += sockets;
    bytes += sockets * Buffer.byteLength(encoded);
  });
  const root = new WorldWindow((everyone) => {
    rootToLeaf += LEAVES;
    // The root's call reaches a leaf a moment later.
    setTimeout(() => leaf.push(everyone), 2);
  });
  // Commits as Poisson arrivals over the run: one Worker → root call per commit that tells the lobby.
  const commits: { at: number; events: WorldEvent[] }[] = [];
  const open: string[] = [];
  let listings = 0;
  const rate = (players * (perHour.list + perHour.buy + perHour.trophy)) / 3_600_000;
  for (let at = 0; ; ) {
    at += -Math.log(1 - rand()) / rate;
    if (at >= MINUTES * 60_000) break;
    const pick = rand() * (perHour.list + perHour.buy + perHour.trophy);
    if (pick < perHour.list || open.length === 0) {
      const listingId = crypto.randomUUID();
      open.push(listingId);
      listings += 1;
      commits.push({ at, events: [{ kind: 'listing-opened', listingId, catalogId: 'radio-transceiver' }] });
    } else if (pick < perHour.list + perHour.buy) {
      const [listingId] = open.splice(Math.floor(rand() * open.length), 1);
      commits.push({ at, events: [{ kind: 'listing-closed', listingId: listingId!, reason: 'sold' }] });
    } else {
      commits.push({ at, events: [{ kind: 'board-moved', board: 'alltime' }, { kind: 'board-moved', board: 'season' }, { kind: 'board-moved', board: 'league' }] });
    }
  }
  let uncoalescedBytes = 0;
  for (const commit of commits) {
    advanceTo(commit.at);
    root.push(commit.events);
    uncoalescedBytes += Buffer.byteLength(JSON.stringify({ type: 'world', events: commit.events }));
  }
  // The last windows close after the last commit: counted over the whole time, so the bound reads as 60.
  const end = MINUTES * 60_000 + 3 * WORLD_WINDOW_MS;
  advanceTo(end);
  const perMinute = (n: number) => Math.round((n / (end / 60_000)) * 10) / 10;
  return {
    scenario: name,
    players,
    'commits/min': perMinute(commits.length),
    'listings/min': perMinute(listings),
    'frames/socket/min': perMinute(frames / sockets),
    'KB/socket/min': perMinute(bytes / sockets / 1024),
    'frames/socket/min, a frame per commit': perMinute(commits.length),
    'KB/socket/min, a frame per commit': perMinute(uncoalescedBytes / 1024),
    'Worker→root calls/min': perMinute(commits.length),
    'root→leaf calls/min': perMinute(rootToLeaf),
    'root→leaf calls/min, a call per commit': perMinute(commits.length * LEAVES),
  };
}

const SCENARIOS: Scenario[] = [
  // An evening's trader: a listing and a purchase every 10 minutes, a scoring trophy every 20.
  { name: 'trading', players: 1000, perHour: { list: 6, buy: 6, trophy: 3 } },
  // Everyone at once, every minute: the window's bound shows.
  { name: 'rush', players: 1000, perHour: { list: 60, buy: 60, trophy: 30 } },
  { name: 'quiet', players: 100, perHour: { list: 2, buy: 2, trophy: 1 } },
];

// As a Markdown table, for bench/README.md.
const rows = SCENARIOS.map(simulate);
const columns = Object.keys(rows[0]!);
console.info([columns, columns.map(() => '---'), ...rows.map((row) => Object.values(row))].map((cells) => `| ${cells.join(' | ')} |`).join('\n'));
