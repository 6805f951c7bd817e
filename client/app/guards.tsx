/**
 * Route guarding (docs/spec.md section 2): who may see which screen, and where everyone else goes.
 * The server enforces the same rules on every API call; these only pick the screen.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading, NotFound } from '../components/ui';
import { intendedRoute, useSession } from '../lib/session';
import { PATHS } from '../paths';

/** Login, signup, password reset: signed-in users are sent home. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { info } = useSession();
  if (!info) return <Loading />;
  if (info.user) return <Navigate to={PATHS.home} replace />;
  return children;
}

/**
 * Game screens show the player's profile (most screens, and the phone's bars on every one): the first one's read starts as soon
 * as the session names the player, beside the screen's code rather than after it (issue #57). Once per page load:
 * later screens read it again when they mount.
 */
let firstScreenRead = false;
function startPlayerRead(uid: string) {
  if (firstScreenRead) return;
  firstScreenRead = true;
  void import('../lib/player').then(({ playerCache }) => playerCache.prefetch(uid)).catch(() => undefined);
}

/** Game screens: signed in with a username. */
export function PlayerOnly({ children }: { children: ReactNode }) {
  const { info } = useSession();
  const location = useLocation();
  const arrived = !!info?.user?.username;
  const uid = arrived ? info.user?.uid : undefined;
  useEffect(() => {
    if (arrived) intendedRoute.clear();
  }, [arrived]);
  useEffect(() => {
    if (uid) startPlayerRead(uid);
  }, [uid]);
  if (!info) return <Loading />;
  if (!info.user) return <Navigate to={PATHS.login} replace />;
  if (!info.user.username) {
    intendedRoute.remember(location.pathname + location.search);
    return <Navigate to={PATHS.setUsername} replace />;
  }
  return children;
}

/** The choose-username screen: signed in without a username. */
export function NoUsernameOnly({ children }: { children: ReactNode }) {
  const { info } = useSession();
  if (!info) return <Loading />;
  if (!info.user) return <Navigate to={PATHS.login} replace />;
  if (info.user.username) return <Navigate to={intendedRoute.peek() ?? PATHS.home} replace />;
  return children;
}

/** /admin: the admin only; everyone else sees the 404 page, as if it did not exist. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { info } = useSession();
  if (!info) return <Loading />;
  if (!info.user?.isAdmin) return <NotFound />;
  return children;
}
