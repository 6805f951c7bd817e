// A receive-only WebSocket client that counts messages without reading them: the handshake by hand, then
// frame headers only. The harness uses it for most of its sockets, so the load generator's own CPU stays
// small next to the servers'. That matters most with permessage-deflate, which workerd negotiates whenever
// the client offers it (as browsers do): a full client must inflate every frame, which costs more CPU than
// the server spends producing it, on the same two cores. A counting socket never inflates. It does answer
// what the protocol requires: pings, and socket.io's namespace join and heartbeats (sent uncompressed).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** A masked client text frame (RFC 6455 5.3: client frames must be masked), for short payloads only. */
function clientFrame(text, opcode = 0x1) {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i += 1) frame[6 + i] = payload[i] ^ mask[i % 4];
  return frame;
}

/** The start of Scavenger's answer to its keep-alive ping (game/chat-protocol.ts `pong`). */
const PONG_MARK = Buffer.from('{"type":"pong"');

/**
 * Opens a counting socket. `onMessage(buffer, start, end, compressed)` is called once per complete data
 * message, with where its payload lies in `buffer` (valid only during the call). For socket.io, the
 * engine.io open packet is answered with a namespace join, pings with pongs, and the socket counts as open
 * once the join is acknowledged. With `keepAlive` (Scavenger), the room's pongs are neither messages nor
 * counted bytes (when readable: uncompressed).
 * `send(text)` writes a short text frame (a ping).
 * @returns {Promise<{ extensions: string, close: () => void, send: (text: string) => void }>}
 */
export function openCountingSocket(url, { headers, deflate, socketio, keepAlive, onMessage, onBytes }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    let handshake = Buffer.alloc(0);
    let pending = null;
    let extensions = '';
    const send = (text) => {
      if (!socket.destroyed) socket.write(clientFrame(text));
    };
    const opened = () => resolve({ extensions, close: () => socket.destroy(), send });
    const lines = [
      `GET ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      // What Chromium offers.
      ...(deflate ? ['Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits'] : []),
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);

    const frames = (chunk) => {
      let buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      let offset = 0;
      while (buffer.length - offset >= 2) {
        const b0 = buffer[offset];
        let length = buffer[offset + 1] & 0x7f;
        let header = 2;
        if (length === 126) {
          if (buffer.length - offset < 4) break;
          length = buffer.readUInt16BE(offset + 2);
          header = 4;
        } else if (length === 127) {
          if (buffer.length - offset < 10) break;
          length = Number(buffer.readBigUInt64BE(offset + 2));
          header = 10;
        }
        if (buffer.length - offset < header + length) break;
        const opcode = b0 & 0x0f;
        const fin = (b0 & 0x80) !== 0;
        const compressed = (b0 & 0x40) !== 0;
        const start = offset + header;
        offset = start + length;
        if (opcode === 0x9) {
          socket.write(clientFrame(buffer.toString('latin1', start, offset), 0xa));
        } else if (opcode === 0x8) {
          socket.destroy();
          return;
        } else if (opcode <= 0x2 && fin) {
          // socket.io's engine.io packets: "0{...}" open, "2" ping, "40..." namespace joined.
          if (socketio && !compressed && length < 200) {
            const first = buffer[start];
            if (first === 0x30) {
              socket.write(clientFrame('40'));
              continue;
            }
            if (first === 0x32 && length === 1) {
              socket.write(clientFrame('3'));
              continue;
            }
            if (first === 0x34 && buffer[start + 1] === 0x30) {
              opened();
              continue;
            }
          }
          // A pong is neither a message nor part of what the room's broadcasts cost: its bytes are taken back.
          if (keepAlive && !compressed && buffer.subarray(start, start + PONG_MARK.length).equals(PONG_MARK)) {
            onBytes(-(header + length));
            continue;
          }
          onMessage(buffer, start, offset, compressed);
        }
      }
      pending = offset < buffer.length ? buffer.subarray(offset) : null;
      if (pending) pending = Buffer.from(pending); // do not pin the whole chunk
    };

    const onData = (chunk) => {
      onBytes(chunk.length);
      if (handshake === null) return frames(chunk);
      handshake = Buffer.concat([handshake, chunk]);
      const end = handshake.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = handshake.toString('latin1', 0, end);
      const rest = handshake.subarray(end + 4);
      handshake = null;
      if (!/^HTTP\/1\.1 101/.test(head)) {
        socket.destroy();
        return reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
      }
      extensions = /\r\nsec-websocket-extensions:\s*([^\r]*)/i.exec(head)?.[1] ?? '';
      if (!socketio) opened();
      if (rest.length) frames(rest);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.setTimeout(60_000, () => socket.destroy(new Error('counting socket handshake timeout')));
    socket.once('connect', () => socket.setTimeout(0));
  });
}
