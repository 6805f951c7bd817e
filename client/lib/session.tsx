/**
 * The signed-in state of the app (docs/spec.md section 4 "Session"): looked up from the server whenever sign-in
 * changes. `refresh` is called after login, signup, username choice and sign-out.
 */
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionInfo, SessionUser } from '../../game/wire';
import { NETWORK_ERROR, send } from './http';

/** The contract's `API.session` (game/api.ts; test/client/session-read.test.ts keeps them equal). */
export const SESSION_PATH = '/api/auth/session';

/** Each field of a signed-in user and its type: a field the wire type gains and this lacks is a type error. */
const USER_FIELDS: Record<keyof SessionUser, 'string' | 'boolean'> = { uid: 'string', email: 'string', emailVerified: 'boolean', username: 'string', isAdmin: 'boolean' };

const hasFields = (value: unknown, fields: Record<string, string>): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.entries(fields).every(([name, type]) => typeof (value as Record<string, unknown>)[name] === type);

/**
 * The answer's shape (game/wire.ts `SessionInfoSchema`), checked by hand: every screen waits for this read, and
 * checking it with the contract's schema would put the contract and zod/mini (./api.ts) before the first paint.
 * test/client/session-read.test.ts holds it to the schema.
 */
export function isSessionInfo(data: unknown): data is SessionInfo {
  return hasFields(data, { googleEnabled: 'boolean' }) && (data.user === null || hasFields(data.user, USER_FIELDS));
}

/** One read of the session; rejects with the words to keep as the error. */
async function readSession(): Promise<SessionInfo> {
  const response = await send(SESSION_PATH, 'GET').catch(() => null);
  const data: unknown = response?.ok ? await response.json().catch(() => undefined) : undefined;
  if (!isSessionInfo(data)) throw new Error(NETWORK_ERROR);
  return data;
}

let firstRead: Promise<SessionInfo> | null = null;

/**
 * The first read, started by main.tsx before React renders rather than from the provider's effect once it has:
 * the session decides every first screen, and the screen's own code loads meanwhile (client/app/router.tsx).
 */
export function startSessionRead(): void {
  firstRead = readSession();
  // Handled by the provider when it takes it; never an unhandled rejection before that.
  firstRead.catch(() => undefined);
}

interface SessionState {
  info: SessionInfo | null;
  error: string | null;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Who is signed in changed (signed out, or another account signed in on this tab): what the last one read must go.
 * The data layer (./query.ts) listens here, since this module loads before it and must not import it.
 */
const playerChangeListeners = new Set<() => void>();
let lastUid: string | null | undefined;
export function onPlayerChange(listener: () => void): void {
  playerChangeListeners.add(listener);
}
function seen(info: SessionInfo) {
  const uid = info.user?.uid ?? null;
  if (lastUid !== undefined && uid !== lastUid) for (const listener of playerChangeListeners) listener();
  lastUid = uid;
}

/** The read started by main.tsx, once; every later refresh reads again. */
function takeFirstRead(): Promise<SessionInfo> | null {
  const read = firstRead;
  firstRead = null;
  return read;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SessionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(
    () =>
      (takeFirstRead() ?? readSession()).then(
        (next) => {
          seen(next);
          setInfo(next);
          setError(null);
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      ),
    [],
  );
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo(() => ({ info, error, refresh }), [info, error, refresh]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const state = use(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/**
 * The signed-in player, for what only players see: the screens behind PlayerOnly and the parts of the shell
 * shown once a player has a username. Anywhere else there is no player, and asking is a bug, so it throws.
 */
export function useSignedInPlayer(): SessionUser {
  const user = useSession().info?.user;
  if (!user?.username) throw new Error('useSignedInPlayer outside PlayerOnly');
  return user;
}

/** The route a player without a username wanted, restored once the username is set (docs/spec.md section 2). */
const INTENDED_KEY = 'scavenger.intendedRoute';
export const intendedRoute = {
  remember: (path: string) => sessionStorage.setItem(INTENDED_KEY, path),
  peek: (): string | null => sessionStorage.getItem(INTENDED_KEY),
  clear: () => sessionStorage.removeItem(INTENDED_KEY),
};
