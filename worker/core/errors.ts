/**
 * The one error shape of the API (docs/design.md section 5): `{ error: { code, message } }`. Route code throws
 * `refuse(ERRORS.x)`, a refusal of the contract (game/refusal.ts) with its status, code and message tied;
 * `onError` turns anything else into a generic 500 that leaks nothing.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../game/api';
import type { MessageKey, Refusal } from '../../game/refusal';
import { MSG } from '../../game/messages';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The arguments a message takes: none for a plain sentence, the function's for a message built from values. */
type MessageArgs<K extends MessageKey> = (typeof MSG)[K] extends (...args: infer A) => string ? A : [];

/** The refusal to throw: `throw refuse(ERRORS.guildNameTaken, name)`, its message built from the arguments it takes. */
export function refuse<K extends MessageKey>(refusal: Refusal<K>, ...args: MessageArgs<K>): ApiError {
  const message: unknown = MSG[refusal.message];
  return new ApiError(refusal.status, refusal.code, typeof message === 'function' ? String(message(...args)) : String(message));
}

/** A refusal whose message is not one of the contract's (a request schema's own words). */
export const badRequest = (message: string) => new ApiError(400, 'invalid', message);

export function errorResponse(c: Context, error: ApiError) {
  return c.json({ error: { code: error.code, message: error.message } }, error.status);
}
