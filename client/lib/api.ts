/**
 * The one HTTP client of the SPA. Failures become `ApiError` carrying the server's message (the spec's text),
 * so screens show exactly what the server decided.
 */
import { ErrorBodySchema } from '../../game/schemas';

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
    const parsed = ErrorBodySchema.safeParse(data);
    throw parsed.success
      ? new ApiError(parsed.data.error.message, response.status, parsed.data.error.code)
      : new ApiError(NETWORK_ERROR, response.status, 'network');
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
};
