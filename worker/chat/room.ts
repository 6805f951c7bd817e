/**
 * The chat room (DESIGN.md section 4). Declared now so the binding and its SQLite migration exist from the
 * first deploy; the protocol arrives with the chat issue.
 */
import { DurableObject } from 'cloudflare:workers';

export class ChatRoom extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  }
}
