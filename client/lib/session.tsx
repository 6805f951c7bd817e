/**
 * The signed-in state of the app (docs/spec.md section 4 "Session"): looked up from the server whenever sign-in
 * changes. `refresh` is called after login, signup, username choice and sign-out.
 */
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionInfo, SessionUser } from '../../game/wire';

// On demand: the HTTP client brings the API contract and zod/mini, which must not weigh on the landing
// page's bundle (./api.ts).
const loadApi = () => import('./api');

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

export function SessionProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SessionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(
    () =>
      loadApi()
        .then(({ api, API }) => api.call(API.session))
        .then(
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
