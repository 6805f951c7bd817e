/* global WebSocketPair -- a workerd global */
// Baseline: the smallest chat room workerd can hold, the runtime's floor for any Durable Object chat. One
// object, the WebSocket Hibernation API as Scavenger's ChatRoom uses it, the same JSON frames as the `ws`
// baseline; no auth, no storage, no rate limit, no coalescing. Served by ./server.mjs.
import { DurableObject } from 'cloudflare:workers';

export class Room extends DurableObject {
  id = 0;

  async fetch(request) {
    const username = new URL(request.url).searchParams.get('u') ?? 'anon';
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(username);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(ws, data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    const text = typeof frame?.text === 'string' ? frame.text.trim() : '';
    if (frame?.type !== 'message' || text.length === 0 || text.length > 100) return;
    const message = { id: ++this.id, username: ws.deserializeAttachment(), text, timestamp: Date.now() };
    // Encode once, send the same string to every socket.
    const encoded = JSON.stringify({ type: 'message', message });
    for (const socket of this.ctx.getWebSockets()) socket.send(encoded);
  }
}

export default {
  fetch(request, env) {
    if (request.headers.get('Upgrade') !== 'websocket') return new Response('{"ok":true}');
    return env.ROOM.get(env.ROOM.idFromName('room')).fetch(request);
  },
};
