// Baseline: a minimal socket.io chat as the spec's original would have it, socket.io's defaults (which
// include no permessage-deflate), `io.emit` to everyone. Same message shape as Scavenger's ChatRoom; no
// auth, no storage beyond an in-memory history, no rate limit. Usage: node bench/chat/socketio-server.mjs <port>
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[2]);
const server = createServer((_req, res) => res.end('{"ok":true}'));
const io = new Server(server);
const history = [];
let id = 0;

io.on('connection', (socket) => {
  const username = String(socket.handshake.query.u ?? 'anon');
  socket.on('message', (frame) => {
    const text = typeof frame?.text === 'string' ? frame.text.trim() : '';
    if (frame?.type !== 'message' || text.length === 0 || text.length > 100) return;
    const message = { id: ++id, username, text, timestamp: Date.now() };
    history.push(message);
    if (history.length > 1000) history.shift();
    // socket.io encodes a broadcast once and writes the same packet to every socket.
    io.emit('message', { type: 'message', message });
  });
});

server.listen(port, '127.0.0.1', () => console.info(`socket.io baseline on ${port}`));
