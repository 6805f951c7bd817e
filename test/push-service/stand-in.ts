/**
 * A push service for the worker tests (docs/design.md section 8.7): web-push-testing, which speaks the Web Push
 * protocol: it hands out subscriptions, checks every push's VAPID signature against the key the subscription
 * was made with, and decrypts its aes128gcm payload. It listens on 127.0.0.1 only.
 *
 * Push endpoints are https (RFC 8030), and the library the Worker sends with refuses any other, while
 * web-push-testing serves http. So its subscriptions name `https://localhost:PORT/...`, and the tests' outbound
 * fetch (`forwardToStandIn`) carries such requests to it over http unchanged: the stand-in for TLS is the only one.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface PushApiModel {
  notifyUrl: string;
}
interface TestingServer {
  _app: { listen(port: number, host: string, ready: () => void): Server };
  setRequestHandlers(): void;
}

export interface PushStandIn {
  /** Where the tests reach the service's own API (`/subscribe`, `/get-notifications`). */
  origin: string;
  /** The origin its subscriptions' endpoints name. */
  endpointOrigin: string;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
  const Server = require('web-push-testing/src/server.js') as new (model: PushApiModel, port: number) => TestingServer;
  const model = new PushApiModel();
  const server = new Server(model, 0);
  server.setRequestHandlers();
  // startServer() would listen on every interface; the tests need this machine only.
  const listening = await new Promise<Server>((resolve) => {
    const http = server._app.listen(0, '127.0.0.1', () => resolve(http));
  });
  listening.unref();
  const { port } = listening.address() as AddressInfo;
  model.notifyUrl = `https://localhost:${port}/notify/`;
  return { origin: `http://127.0.0.1:${port}`, endpointOrigin: `https://localhost:${port}` };
}

/** The outbound fetch of the Workers under test: the stand-in's https endpoints go to it over http, the rest as they are. */
export function forwardToStandIn(standIn: PushStandIn) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const target = url.origin === standIn.endpointOrigin ? `${standIn.origin}${url.pathname}${url.search}` : request.url;
    // Copied field by field: the request is Miniflare's, not of this Node's fetch.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(target, { method: request.method, headers: Object.fromEntries(request.headers), body, redirect: 'manual' });
  };
}
