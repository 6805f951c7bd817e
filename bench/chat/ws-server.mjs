// Baseline: the smallest reasonable chat broadcast on the raw `ws` library, the ceiling for one Node
// process on this machine. Same JSON frames as Scavenger's ChatRoom; no auth, no storage beyond an
// in-memory history, no rate limit. Usage: node bench/chat/ws-server.mjs <port>
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const server = createServer((_req, res) => res.end('{"ok":true}'));
const wss = new WebSocketServer({ server });
const history = [];
let id = 0;

wss.on('connection', (ws, req) => {
  const username = new URL(req.url ?? '/', 'http://x').searchParams.get('u') ?? 'anon';
  ws.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    const text = typeof frame?.text === 'string' ? frame.text.trim() : '';
    if (frame?.type !== 'message' || text.length === 0 || text.length > 100) return;
    const message = { id: ++id, username, text, timestamp: Date.now() };
    history.push(message);
    if (history.length > 1000) history.shift();
    // Encode once (JSON and UTF-8), send the same bytes as a text frame to every socket.
    const encoded = Buffer.from(JSON.stringify({ type: 'message', message }));
    for (const client of wss.clients) client.send(encoded, { binary: false });
  });
});

server.listen(port, '127.0.0.1', () => console.info(`ws baseline on ${port}`));
