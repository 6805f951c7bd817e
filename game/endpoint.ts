/** One endpoint of the contract (./api.ts), and the helpers each feature's contract file (./contracts/) declares its endpoints with. */
import type { z } from 'zod/mini';
import type { Refusal } from './refusal';

export type Method = 'GET' | 'POST';

export interface Endpoint<M extends Method = Method, Path extends string = string, Body = unknown, Response = unknown> {
  readonly method: M;
  readonly path: Path;
  readonly response: z.ZodMiniType<Response>;
  /**
   * What it may refuse besides what any endpoint may (COMMON_REFUSALS, ./contracts/common.ts). The server answers
   * no other refusal: outside production, a handler's refusal not listed here is a 500 (worker/core/route.ts).
   */
  readonly refuses: readonly Refusal[];
  /** Never set: carries the body's type for callers. */
  readonly body?: Body;
}

export const get = <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>, refuses: readonly Refusal[] = []): Endpoint<'GET', Path, never, Response> => ({
  method: 'GET',
  path,
  response,
  refuses,
});

/** `post<Body>()(path, response, refuses)`: curried so the body type is named and the rest inferred. */
export const post =
  <Body>() =>
  <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>, refuses: readonly Refusal[] = []): Endpoint<'POST', Path, Body, Response> => ({
    method: 'POST',
    path,
    response,
    refuses,
  });
