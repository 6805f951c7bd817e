/** One endpoint of the contract (./api.ts), and the helpers each feature's contract file (./contracts/) declares its endpoints with. */
import type { z } from 'zod/mini';

export type Method = 'GET' | 'POST';

export interface Endpoint<M extends Method = Method, Path extends string = string, Body = unknown, Response = unknown> {
  readonly method: M;
  readonly path: Path;
  readonly response: z.ZodMiniType<Response>;
  /** Never set: carries the body's type for callers. */
  readonly body?: Body;
}

export const get = <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>): Endpoint<'GET', Path, never, Response> => ({
  method: 'GET',
  path,
  response,
});

/** `post<Body>()(path, response)`: curried so the body type is named and the rest inferred. */
export const post =
  <Body>() =>
  <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>): Endpoint<'POST', Path, Body, Response> => ({
    method: 'POST',
    path,
    response,
  });
