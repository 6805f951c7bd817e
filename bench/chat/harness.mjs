// The chat load generator: N WebSocket clients in this process, every one a receiver, a few of them senders.
// The same harness drives all three servers; only the few bytes of framing differ (socket.io's protocol is
// spoken directly: engine.io v4 over a WebSocket), so the comparison is about the servers.
//
// Two kinds of client:
// - probes (`probes` sockets of distinct players, spread through the join order, which are also the senders): full `ws` clients that
//   read every message. Latency is end to end on one clock: a sender writes `t=<performance.now()>` into
//   the text, and each probe computes now − t when the broadcast arrives.
// - counting sockets (all the others): receive-only, count messages from frame headers (counting-socket.mjs),
//   so the harness spends little CPU on them, compressed or not.
import WebSocket from 'ws';
import { openCountingSocket } from './counting-socket.mjs';
import { sleep, summarize } from '../lib/stats.mjs';

/** How each server wants to be addressed and framed. */
const PROTOCOLS = {
  // Scavenger's ChatRoom: JSON frames of game/chat-protocol.ts, session cookie and Origin on the upgrade. The
  // room closes a socket that stops pinging (worker/features/chat/keep-alive.ts), so these ping as the app does.
  scavenger: {
    url: (base) => `${base.replace(/^http/, 'ws')}/api/chat`,
    encode: (text) => JSON.stringify({ type: 'message', text }),
    keepAlive: true,
  },
  // The raw `ws` baseline speaks the same JSON frames.
  ws: {
    url: (base, username) => `${base.replace(/^http/, 'ws')}/chat?u=${encodeURIComponent(username)}`,
    encode: (text) => JSON.stringify({ type: 'message', text }),
  },
  // socket.io: engine.io packet type 4 (message) + socket.io type 2 (event) = "42", then a JSON array.
  socketio: {
    url: (base, username) => `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&u=${encodeURIComponent(username)}`,
    encode: (text) => `42${JSON.stringify(['message', { type: 'message', text }])}`,
    socketio: true,
  },
};

/**
 * Scavenger's keep-alive (game/chat-protocol.ts CHAT_PING; the runtime answers `pong` without waking the room).
 * Every socket pings at once, every PING_EVERY_MS (the production `everyMs`, a third of the 45 s timeout): one
 * short burst of tiny frames every 15 s. Pongs are not what a broadcast costs: they count as neither frames,
 * messages nor bytes (a compressed one, unreadable, still counts), so the figures and the waits for a quiet
 * room are what they were.
 */
const CHAT_PING = '{"type":"ping"}';
const PONG_MARK = Buffer.from('{"type":"pong"');
const PING_EVERY_MS = 15_000;

const T_MARK = Buffer.from('t=');
const S_MARK = Buffer.from(';s=');
const SEMI = 0x3b;
const ERROR_MARK = Buffer.from('"type":"error"');
// Every server's chat message carries this, and no text can (a quote inside a JSON string is escaped).
const MESSAGE_MARK = Buffer.from('"type":"message"');

/**
 * Chat messages in a payload: one per frame for socket.io and ws, several in a Scavenger `batch` frame. A
 * compressed payload cannot be read without inflating, so it counts as one (the servers measured here
 * decline compression; bench/README.md).
 */
function messagesIn(buffer, start, end, compressed) {
  if (compressed) return 1;
  let count = 0;
  for (let at = buffer.indexOf(MESSAGE_MARK, start); at >= 0 && at < end; at = buffer.indexOf(MESSAGE_MARK, at + MESSAGE_MARK.length)) count += 1;
  return count;
}

/**
 * What the clients record. Probes only count broadcasts of messages whose sequence number lies in
 * [minSeq, maxSeq], so warm-up traffic and stragglers never leak into a figure; counting sockets count
 * every message that arrives after a reset (phases start when the previous one has fully drained).
 */
class Recorder {
  constructor() {
    this.reset(0, -1);
  }
  reset(minSeq, maxSeq) {
    this.minSeq = minSeq;
    this.maxSeq = maxSeq;
    this.latencies = [];
    /** Per message (by seq): the earliest and the latest arrival at any probe, in ms. */
    this.arrivals = new Map();
    this.probed = 0;
    this.counted = 0;
    this.lastAt = 0;
    this.errors = 0;
    this.bytes = 0;
    this.frames = 0;
  }
  get delivered() {
    return this.probed + this.counted;
  }
  probe(now, sentAt, seq) {
    if (seq < this.minSeq || seq > this.maxSeq) return;
    const latency = now - sentAt;
    this.latencies.push(latency);
    const seen = this.arrivals.get(seq);
    if (!seen) this.arrivals.set(seq, { first: latency, last: latency });
    else seen.last = Math.max(seen.last, latency);
    this.probed += 1;
    this.lastAt = now;
  }
  count(messages) {
    this.counted += messages;
    this.frames += 1;
    if (messages) this.lastAt = performance.now();
  }
}

const headersFor = (base, identity) => ({ Origin: base, ...(identity.cookie ? { Cookie: identity.cookie } : {}) });

/**
 * Which player each socket belongs to, in the order they open, and which sockets are probes. Every player
 * gets the same number of sockets (5 at 500 sockets of 100 players: the room's cap). Probes belong to
 * distinct players and are spread evenly through the join order: servers send a broadcast to their sockets
 * roughly in join order (socket.io's and ws's sets iterate in insertion order), so probes that joined first
 * would time only the head of every fan-out, not what a player at a random place in it waits.
 * `PROBES_FIRST=1` puts them first instead, as the benchmark did until 2026-11-23, to compare.
 */
export function socketPlan(count, identities, probes) {
  const stride = process.env.PROBES_FIRST ? 1 : Math.max(1, Math.floor(count / probes));
  const left = identities.map(() => Math.ceil(count / identities.length));
  const plan = new Array(count);
  for (let k = 0; k < probes; k += 1) {
    plan[k * stride] = { identity: identities[k], probe: true };
    left[k] -= 1;
  }
  for (let i = 0, next = 0; i < count; i += 1) {
    if (plan[i]) continue;
    while (left[next % identities.length] === 0) next += 1;
    const player = next % identities.length;
    left[player] -= 1;
    next += 1;
    plan[i] = { identity: identities[player], probe: false };
  }
  return plan;
}

/**
 * Opens `count` sockets as `socketPlan` lays them out (with each player's cookie, for Scavenger): probes are
 * full clients, the rest counting sockets. Resolves once all are open and the server has gone quiet.
 */
export async function openClients({ protocol, base, count, identities, probes, concurrency = 25, deflate = true }) {
  const spec = PROTOCOLS[protocol];
  const recorder = new Recorder();
  const clients = [];
  const started = performance.now();

  const headersOf = (identity) => headersFor(base, identity);

  const openProbe = (identity) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(spec.url(base, identity.username), { headers: headersOf(identity), perMessageDeflate: deflate, handshakeTimeout: 60_000 });
      const client = { ws, identity, probe: true, ping: () => ws.readyState === WebSocket.OPEN && ws.send(CHAT_PING) };
      ws.on('message', (data, isBinary) => {
        const buffer = isBinary ? Buffer.from(data) : data;
        if (spec.keepAlive && buffer.subarray(0, PONG_MARK.length).equals(PONG_MARK)) return;
        recorder.bytes += buffer.length;
        recorder.frames += 1;
        if (spec.socketio) {
          // engine.io: "0{...}" open → join the default namespace; "2" ping → "3" pong; "40{...}" joined.
          if (buffer[0] === 0x30) return ws.send('40');
          if (buffer.length === 1 && buffer[0] === 0x32) return ws.send('3');
          if (buffer[0] === 0x34 && buffer[1] === 0x30) return resolve(client);
        }
        if (buffer.indexOf(T_MARK) < 0 && buffer.indexOf(ERROR_MARK) >= 0) recorder.errors += 1;
        // Every timed message in the frame (a Scavenger batch carries several).
        const now = performance.now();
        for (let at = buffer.indexOf(T_MARK); at >= 0; at = buffer.indexOf(T_MARK, at + 2)) {
          const end = buffer.indexOf(SEMI, at);
          const seqAt = buffer.indexOf(S_MARK, end);
          const seqEnd = buffer.indexOf(SEMI, seqAt + 3);
          if (end < 0 || seqAt < 0 || seqEnd < 0) return;
          recorder.probe(now, Number(buffer.toString('latin1', at + 2, end)), Number(buffer.toString('latin1', seqAt + 3, seqEnd)));
        }
      });
      ws.once('open', () => {
        client.extensions = ws.extensions;
        if (!spec.socketio) resolve(client);
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`${protocol} upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });

  const openCounter = async (identity) => {
    const socket = await openCountingSocket(spec.url(base, identity.username), {
      headers: headersOf(identity),
      deflate,
      socketio: spec.socketio,
      keepAlive: spec.keepAlive,
      onMessage: (buffer, start, end, compressed) => recorder.count(messagesIn(buffer, start, end, compressed)),
      onBytes: (n) => (recorder.bytes += n),
    });
    return { identity, probe: false, extensions: socket.extensions, close: socket.close, ping: () => socket.send(CHAT_PING) };
  };

  const plan = socketPlan(count, identities, probes);
  // From the first socket on: opening thousands can take longer than the room's ping timeout.
  const keepAlive = spec.keepAlive ? setInterval(() => clients.forEach((client) => client?.ping()), PING_EVERY_MS) : undefined;
  keepAlive?.unref();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const { identity, probe } = plan[next];
        const index = next++;
        clients[index] = probe ? await openProbe(identity) : await openCounter(identity);
      }
    }),
  );
  const openedMs = performance.now() - started;
  // Joining makes the server broadcast presence (Scavenger: the user list, to everyone, on every join).
  // Wait until that traffic has stopped so it does not land in a measurement.
  await quiet(recorder, 500, 90_000);
  return {
    protocol,
    spec,
    base,
    deflate,
    clients,
    probes: clients.filter((client) => client.probe),
    recorder,
    connect: { openMs: openedMs, settledMs: performance.now() - started, frames: recorder.frames, bytes: recorder.bytes },
    extensions: clients[0]?.extensions ?? '',
    countingExtensions: clients[count - 1]?.extensions ?? '',
    seq: 0,
    keepAlive,
  };
}

/** Resolves once no byte has arrived for `idleMs` (or after `maxMs`), at any of the recorders given. */
async function quiet(recorder, idleMs, maxMs, ...others) {
  const deadline = performance.now() + maxMs;
  const total = () => [recorder, ...others].reduce((sum, r) => sum + r.bytes, 0);
  let bytes = -1;
  while (performance.now() < deadline && bytes !== total()) {
    bytes = total();
    await sleep(idleMs);
  }
}

/** The extensions a server agrees to when offered permessage-deflate as Chromium offers it ('' for none). */
export async function offerDeflate(protocol, base, identity) {
  const spec = PROTOCOLS[protocol];
  const socket = await openCountingSocket(spec.url(base, identity.username), { headers: headersFor(base, identity), deflate: true, socketio: spec.socketio, onMessage: () => {}, onBytes: () => {} });
  socket.close();
  return socket.extensions;
}

/**
 * What one more player coming online costs the room, and their going offline: the bytes and frames that
 * reach the sockets already open, and the newcomer's own (history, online list or handshake). `identity`
 * must have no socket open yet.
 */
export async function joinCost(room, identity) {
  const { recorder, spec } = room;
  await quiet(recorder, 300, 30_000);
  recorder.reset(Infinity, -1);
  const newcomer = { bytes: 0, frames: 0 };
  const socket = await openCountingSocket(spec.url(room.base, identity.username), {
    headers: headersFor(room.base, identity),
    deflate: room.deflate,
    socketio: spec.socketio,
    onMessage: () => (newcomer.frames += 1),
    onBytes: (n) => (newcomer.bytes += n),
  });
  await quiet(recorder, 300, 30_000, newcomer);
  const join = { toOthers: { bytes: recorder.bytes, frames: recorder.frames }, toNewcomer: newcomer };
  recorder.reset(Infinity, -1);
  socket.close();
  await quiet(recorder, 300, 30_000);
  return { receivers: room.clients.length, join, leave: { toOthers: { bytes: recorder.bytes, frames: recorder.frames } } };
}

function send(room, client) {
  const seq = room.seq++;
  client.ws.send(room.spec.encode(`t=${performance.now().toFixed(3)};s=${seq};`));
  return seq;
}

/** Waits until `done()`, or nothing arrived for `stallMs`, or `maxMs` passed. */
async function drain(recorder, done, stallMs, maxMs) {
  const deadline = performance.now() + maxMs;
  let last = -1;
  let lastChange = performance.now();
  while (!done() && performance.now() < deadline) {
    if (recorder.delivered !== last) {
      last = recorder.delivered;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > stallMs) break;
    await sleep(20);
  }
}

/**
 * Steady load: `rate` messages per second in total, round-robin over `senders`, open loop (a slow server
 * does not slow the senders down). Warm-up messages are sent but not recorded by the probes. Throughput
 * is what the probes received of the measured messages, scaled to all clients.
 */
export async function steady(room, senders, { rate, warmupMs, measureMs, drainMs = 5000 }) {
  const { recorder, clients, probes } = room;
  await quiet(recorder, 300, 30_000);
  recorder.reset(Infinity, -1);
  let sent = 0;
  let firstMeasured = -1;
  let lastMeasured = -1;
  const start = performance.now();
  const end = start + warmupMs + measureMs;
  const total = Math.floor(((end - start) / 1000) * rate);
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(Math.floor(((now - start) / 1000) * rate), total);
      while (sent < due) {
        const seq = send(room, senders[sent % senders.length]);
        sent += 1;
        if (now - start >= warmupMs) {
          if (firstMeasured < 0) firstMeasured = recorder.minSeq = seq;
          lastMeasured = recorder.maxSeq = seq;
        }
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const measured = firstMeasured < 0 ? 0 : lastMeasured - firstMeasured + 1;
  const accepted = sent - recorder.errors;
  const countingSockets = clients.length - probes.length;
  await drain(recorder, () => recorder.probed >= measured * probes.length && recorder.counted >= accepted * countingSockets, drainMs, drainMs * 4);
  const probeRatio = measured ? recorder.probed / (measured * probes.length) : NaN;
  return {
    rate,
    senders: senders.length,
    receivers: clients.length,
    probes: probes.length,
    sent,
    measuredMessages: measured,
    deliveredRatio: probeRatio,
    countedRatio: countingSockets ? recorder.counted / (accepted * countingSockets) : NaN,
    // Every delivery of the run, warm-up included (what the server's CPU time was spent on).
    delivered: Math.round(recorder.counted + (recorder.probed / Math.max(measured, 1)) * accepted),
    deliveriesPerS: (probeRatio * measured * clients.length) / (measureMs / 1000),
    errors: recorder.errors,
    latency: summarize(recorder.latencies),
    // Per message: how long until the first probe had it (the server's head: receiving, deciding, and
    // everything before its first frame leaves) and until the last did (the whole fan-out). A pause that
    // holds every frame back (a runtime's garbage collection) shows as a message whose first arrival is late.
    firstArrival: summarize([...recorder.arrivals.values()].map((a) => a.first)),
    lastArrival: summarize([...recorder.arrivals.values()].map((a) => a.last)),
  };
}

/**
 * Saturation: every sender sends `perSender` messages at once (Scavenger's rate limit allows 5 per player in
 * 10 s), so the server holds far more work than it can do at once and delivers as fast as it can.
 * Throughput = deliveries to all clients / (last arrival − first send).
 */
export async function burst(room, senders, { perSender, maxMs = 90_000 }) {
  const { recorder, clients } = room;
  await quiet(recorder, 300, 30_000);
  const total = senders.length * perSender;
  recorder.reset(room.seq, room.seq + total - 1);
  const start = performance.now();
  for (let round = 0; round < perSender; round += 1) {
    for (const sender of senders) send(room, sender);
  }
  // Refused sends (rate limit) come back as error frames to the sender; they are not owed to anyone.
  const expected = () => (total - recorder.errors) * clients.length;
  await sleep(50);
  await drain(recorder, () => recorder.delivered >= expected(), 5000, maxMs);
  const elapsedMs = recorder.lastAt - start;
  return {
    messages: total,
    accepted: total - recorder.errors,
    receivers: clients.length,
    expected: expected(),
    delivered: recorder.delivered,
    deliveredRatio: recorder.delivered / expected(),
    elapsedMs,
    deliveriesPerS: recorder.delivered / (elapsedMs / 1000),
    errors: recorder.errors,
    latency: summarize(recorder.latencies),
  };
}

export async function closeClients(room) {
  clearInterval(room.keepAlive);
  for (const client of room.clients) {
    if (client.probe) client.ws.terminate();
    else client.close();
  }
  await sleep(200);
}
