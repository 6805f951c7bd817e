/**
 * The one error shape of the API (docs/design.md section 5): `{ error: { code, message } }`. Route code throws
 * `ApiError`; `onError` turns anything else into a generic 500 that leaks nothing.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../game/api';
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

export const badRequest = (message: string, code: ErrorCode = 'invalid') => new ApiError(400, code, message);
export const unauthorized = (message: string = MSG.signedOut) => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string = MSG.forbidden, code: ErrorCode = 'forbidden') => new ApiError(403, code, message);
export const notFound = () => new ApiError(404, 'not_found', MSG.notFound);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new ApiError(409, code, message);
export const tooManyRequests = () => new ApiError(429, 'throttled', MSG.tooManyAttempts);

export function errorResponse(c: Context, error: ApiError) {
  return c.json({ error: { code: error.code, message: error.message } }, error.status);
}
