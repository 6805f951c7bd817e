/**
 * The signed-in state of the app (spec section 4 "Session"): looked up from the server whenever sign-in
 * changes. `refresh` is called after login, signup, username choice and sign-out.
 */
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionInfo } from '../../game/schemas';
import { api } from './api';

interface SessionState {
  info: SessionInfo | null;
  error: string | null;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SessionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(
    () =>
      api.get<SessionInfo>('/api/auth/session').then(
        (next) => {
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

/** The route a player without a username wanted, restored once the username is set (spec section 2). */
const INTENDED_KEY = 'scavenger.intendedRoute';
export const intendedRoute = {
  remember: (path: string) => sessionStorage.setItem(INTENDED_KEY, path),
  peek: (): string | null => sessionStorage.getItem(INTENDED_KEY),
  clear: () => sessionStorage.removeItem(INTENDED_KEY),
};
