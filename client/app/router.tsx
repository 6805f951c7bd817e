import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Loading, NotFound } from '../components/ui';
import { PATHS } from '../paths';
import { AdminOnly, NoUsernameOnly, PlayerOnly, SignedOutOnly } from './guards';
import { Layout } from './layout';

// Route-level code splitting: the landing route loads only what it shows.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
};
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  page(() => load().then((module) => ({ default: module[name] })));
const placeholders = () => import('../features/placeholders/pages');

const guarded = (Guard: ComponentType<{ children: ReactNode }>, element: ReactNode) => <Guard>{element}</Guard>;

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: PATHS.home, element: page(() => import('../features/landing/home-page')) },
      { path: PATHS.login, element: guarded(SignedOutOnly, page(() => import('../features/auth/login-page'))) },
      { path: PATHS.signup, element: guarded(SignedOutOnly, page(() => import('../features/auth/signup-page'))) },
      { path: PATHS.resetPassword, element: guarded(SignedOutOnly, page(() => import('../features/auth/reset-page'))) },
      { path: PATHS.setUsername, element: guarded(NoUsernameOnly, page(() => import('../features/auth/set-username-page'))) },
      { path: PATHS.profile, element: guarded(PlayerOnly, page(() => import('../features/profile/profile-page'))) },
      { path: PATHS.scavenge, element: guarded(PlayerOnly, named(placeholders, 'ScavengePage')) },
      { path: PATHS.chat, element: guarded(PlayerOnly, named(placeholders, 'ChatPage')) },
      { path: PATHS.arena, element: guarded(PlayerOnly, named(placeholders, 'ArenaPage')) },
      { path: PATHS.guilds, element: guarded(PlayerOnly, named(placeholders, 'GuildsPage')) },
      { path: PATHS.leaderboard, element: guarded(PlayerOnly, named(placeholders, 'LeaderboardPage')) },
      { path: PATHS.admin, element: guarded(AdminOnly, named(placeholders, 'AdminPage')) },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
