/**
 * The one HTTP client of the SPA. Failures become `ApiError` carrying the server's message (the spec's text),
 * so screens show exactly what the server decided.
 */
import type { ErrorBody } from '../../game/schemas';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Shown when the server could not be reached or answered without our error shape. */
export const NETWORK_ERROR = 'Network response was not ok';

/** A hand-written check rather than the zod schema: this module loads with the landing page, zod does not. */
function isErrorBody(data: unknown): data is ErrorBody {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0, 'network');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw isErrorBody(data)
      ? new ApiError(data.error.message, response.status, data.error.code)
      : new ApiError(NETWORK_ERROR, response.status, 'network');
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
};
