/**
 * The data layer: every read of server state is a TanStack Query query, keyed by its contract endpoint
 * (game/api.ts), and every intent updates that cache from its answer or marks the reads it changed as stale
 * (docs/decisions/021-client-by-feature.md). One cache, so a number changed on one screen is changed on all.
 *
 * Loaded with the screens and the signed-in shell, never by the landing page: the library is about 12 KB of
 * gzipped JavaScript, and the landing page's budget has no room for it. Hooks take the client explicitly, so no
 * provider has to wrap the app (the provider would have to load before the landing page could render).
 */
import { QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '../../game/api';
import { onPlayerChange } from './session';
import { api, refusalOf, type CallOptions, type FailureCode } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failed read shows its error at once, with the screen's own way to try again.
      retry: false,
      // A screen reads again whenever it mounts, showing what the cache has meanwhile.
      staleTime: 0,
      refetchOnWindowFocus: false,
    },
  },
});

// What one account read is never shown to the next one signed in on this tab.
onPlayerChange(() => queryClient.clear());

type GetEndpoint<Path extends string, Answer> = Endpoint<'GET', Path, never, Answer>;
type ReadOptions<Path extends string> = CallOptions<'GET', Path, never>;

/** A read of the contract: its cache key and how to fetch it. */
export interface Read<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
}

/** The cache key of every read of `endpoint`, whatever its parameters: what an intent marks stale. */
const endpointKey = (endpoint: { path: string }): QueryKey => [endpoint.path];

/**
 * How a read shapes its endpoint's answer once, as it arrives (stamping the local clock on it, say). `as` names
 * the shape and goes into the cache key: two reads of one endpoint share a cache entry only when they cache
 * the same shape, so a screen never gets another screen's reshaped answer.
 */
export interface Shape<Answer, T> {
  as: string;
  from: (answer: Answer) => T;
}

/** The read of one endpoint with its parameters, as the endpoint answers it or in `shape`. */
export function readOf<Path extends string, Answer>(endpoint: GetEndpoint<Path, Answer>, options: ReadOptions<Path>): Read<Answer>;
export function readOf<Path extends string, Answer, T>(endpoint: GetEndpoint<Path, Answer>, options: ReadOptions<Path>, shape: Shape<Answer, T>): Read<T>;
export function readOf<Path extends string, Answer, T>(
  endpoint: GetEndpoint<Path, Answer>,
  options: ReadOptions<Path>,
  shape?: Shape<Answer, T>,
): Read<T | Answer> {
  const { params, query } = options as { params?: Record<string, string>; query?: Record<string, string> };
  // CallOptions is conditional on the path, which a generic cannot read: these are the options it was given.
  const call = api.call as (endpoint: GetEndpoint<Path, Answer>, options: unknown) => Promise<Answer>;
  return {
    queryKey: [...endpointKey(endpoint), params ?? {}, query ?? {}, shape?.as ?? 'answer'],
    queryFn: () => call(endpoint, options).then((answer) => (shape ? shape.from(answer) : answer)),
  };
}

/** A read as a screen shows it. */
export interface Loaded<T> {
  /** The newest answer; null until one arrives and after a failure. */
  data: T | null;
  /** The message to show when the read failed: the server's own, else the network text. */
  error: string | null;
  /** What the failure was, to branch on (a guild that does not exist); null with no failure. */
  errorCode: FailureCode | null;
  /** True while a read is under way. */
  loading: boolean;
  /** Reads again, keeping what is shown until the new answer arrives. */
  reload: () => void;
}

/**
 * Reads `read` while the screen is mounted (again on every mount); `warning` is logged with a failure, which
 * the screen shows through `error`.
 */
export function useRead<T>(read: Read<T>, warning: string, options: { enabled?: boolean; refetchOnWindowFocus?: boolean; refetchInterval?: number } = {}): Loaded<T> {
  const query = useQuery(
    {
      queryKey: read.queryKey,
      queryFn: () =>
        read.queryFn().catch((error: unknown) => {
          console.warn(warning, error);
          throw error;
        }),
      ...options,
    },
    queryClient,
  );
  const failure = query.error ? refusalOf(query.error) : null;
  return {
    data: failure ? null : (query.data ?? null),
    error: failure?.message ?? null,
    errorCode: failure?.code ?? null,
    loading: query.isFetching,
    reload: () => void query.refetch(),
  };
}

/**
 * Puts an intent's answer where its read keeps it, so the screen shows it without reading again. A read of it
 * still under way started before the intent: it is dropped, so it can never put the older state back.
 */
export function setRead<T>(read: Read<T>, data: T | ((current: T | undefined) => T)): void {
  void queryClient.cancelQueries({ queryKey: read.queryKey, exact: true });
  queryClient.setQueryData<T>(read.queryKey, data);
}

/** Marks every read of these endpoints stale: the ones on screen read again now, the others when next shown. */
export function invalidate(...endpoints: { path: string }[]): Promise<void> {
  return Promise.all(endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }))).then(() => undefined);
}

/** What the cache holds for every read of `endpoint` (whatever its parameters): the answers already read. */
export function cachedReads<T>(endpoint: { path: string }): T[] {
  return queryClient.getQueriesData<T>({ queryKey: endpointKey(endpoint) }).flatMap(([, data]) => (data === undefined ? [] : [data]));
}

/**
 * Changes every cached read of `endpoint` with `change`, for news that touches them all (a listing sold, whatever
 * the filter). A read under way began before the news, so its answer may not have it: it is dropped, so it cannot
 * put the older state back, and read again once dropped (if still on screen). Only dropped, a read with nothing
 * cached yet would stay loading for good (a screen opened just as someone else's listing sold).
 */
export function updateReads<T>(endpoint: { path: string }, change: (current: T) => T): void {
  const key = endpointKey(endpoint);
  const underWay = queryClient.getQueryCache().findAll({ queryKey: key, fetchStatus: 'fetching' });
  const dropped = queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueriesData<T>({ queryKey: key }, (current) => (current === undefined ? current : change(current)));
  void dropped.then(() => Promise.all(underWay.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }))));
}
