import { ApiError, NETWORK_ERROR } from '../lib/api';

/** The text to show for a failed call: the server's own message (the spec's text), else the network text. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR;
}
