import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Loading, NotFound } from '../components/ui';
import { firstRun } from '../lib/first-run';
import { lazy, lazyNamed } from '../lib/lazy';
import { useSignedInPlayer } from '../lib/session';
import { PATHS } from '../paths';
import { AdminOnly, NoUsernameOnly, PlayerOnly, SignedOutOnly } from './guards';
import { Layout } from './layout';
import { signOut } from './sign-out';

// Route-level code splitting: the landing route loads only what it shows.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
};
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Page = lazy(() => load().then((module): { default: ComponentType } => ({ default: module[name] })));
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
};

const guarded = (Guard: ComponentType<{ children: ReactNode }>, element: ReactNode) => <Guard>{element}</Guard>;

/** Game screens: PlayerOnly makes sure there is a player, whom the screens read with useSignedInPlayer(). */
const playerPage = (Screen: ComponentType) =>
  guarded(
    PlayerOnly,
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>,
  );

// The shell composes features (features never import each other): the profile screen gets the trophy case
// modal and the crafting dialog from here, each loaded only when the player opens it.
const TrophyCaseModal = lazy(() => import('../features/trophy-case/trophy-case-modal'));
const CraftDialog = lazy(() => import('../features/crafting/craft-dialog'));
const ContractsPanel = lazy(() => import('../features/contracts/contracts-panel'));
const CashShop = lazy(() => import('../features/cash/cash-shop'));
const ProfilePage = lazyNamed(() => import('../features/profile/profile-page'), 'ProfilePage');
// A new player's first profile carries the first-run guide, loaded only while it is due.
const FirstRunGuide = lazy(() => import('../features/landing/first-run-guide'));
function ProfileScreen() {
  const { uid } = useSignedInPlayer();
  return (
    <>
      <ProfilePage TrophyCase={TrophyCaseModal} Craft={CraftDialog} Contracts={ContractsPanel} CashShop={CashShop} onSignOut={() => void signOut()} />
      {firstRun.isDue(uid) && (
        <Suspense fallback={null}>
          <FirstRunGuide />
        </Suspense>
      )}
    </>
  );
}
const ChatPage = lazy(() => import('../features/chat/chat-page'));
const ScavengePage = lazyNamed(() => import('../features/scavenge/scavenge-page'), 'ScavengePage');
const ArenaPage = lazyNamed(() => import('../features/arena/arena-page'), 'ArenaPage');
const GuildsPage = lazyNamed(() => import('../features/guilds/guilds-page'), 'GuildsPage');
// The guild page has a section for the guild's chat: its `chat` prop (GuildPageProps), which the shell fills
// with the chat feature's panel, loaded with the page's first render of it.
const GuildPage = lazyNamed(() => import('../features/guilds/guild-page'), 'GuildPage');
const GuildChat = lazyNamed(() => import('../features/chat/guild-chat'), 'GuildChat');
// The chat also tells the page who is online in the guild's room, for its members' dots.
const guildChat = (guildId: string, onPresence: (presence: readonly string[] | null) => void) => (
  <Suspense fallback={<Loading />}>
    <GuildChat guildId={guildId} onPresence={onPresence} />
  </Suspense>
);
const DrivePanel = lazyNamed(() => import('../features/drive/drive-panel'), 'DrivePanel');
const guildDrive = (guildId: string) => (
  <Suspense fallback={<Loading />}>
    <DrivePanel guildId={guildId} />
  </Suspense>
);
function GuildScreen() {
  return <GuildPage chat={guildChat} drive={guildDrive} />;
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: PATHS.home, element: page(() => import('../features/landing/home-page')) },
      { path: PATHS.login, element: guarded(SignedOutOnly, page(() => import('../features/accounts/login-page'))) },
      { path: PATHS.signup, element: guarded(SignedOutOnly, page(() => import('../features/accounts/signup-page'))) },
      { path: PATHS.resetPassword, element: guarded(SignedOutOnly, page(() => import('../features/accounts/reset-page'))) },
      // Public: a verification link works in any browser, signed in or not.
      { path: PATHS.verify, element: page(() => import('../features/accounts/verify-page')) },
      { path: PATHS.setUsername, element: guarded(NoUsernameOnly, page(() => import('../features/accounts/set-username-page'))) },
      { path: PATHS.profile, element: playerPage(ProfileScreen) },
      { path: PATHS.scavenge, element: playerPage(ScavengePage) },
      { path: PATHS.chat, element: playerPage(ChatPage) },
      { path: PATHS.arena, element: playerPage(ArenaPage) },
      { path: PATHS.guilds, element: playerPage(GuildsPage) },
      { path: PATHS.guild, element: playerPage(GuildScreen) },
      { path: PATHS.fairness, element: guarded(PlayerOnly, named(() => import('../features/fairness/fairness-page'), 'FairnessPage')) },
      { path: PATHS.notices, element: guarded(PlayerOnly, named(() => import('../features/notifications/notices-page'), 'NoticesPage')) },
      { path: PATHS.market, element: guarded(PlayerOnly, named(() => import('../features/market/market-page'), 'MarketPage')) },
      { path: PATHS.leaderboard, element: guarded(PlayerOnly, named(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage')) },
      // The published odds, the rules and the credits are public: nothing on these pages is private.
      { path: PATHS.odds, element: named(() => import('../features/odds/odds-page'), 'OddsPage') },
      { path: PATHS.howItWorks, element: named(() => import('../features/how-it-works/how-it-works-page'), 'HowItWorksPage') },
      { path: PATHS.about, element: named(() => import('../features/about/about-page'), 'AboutPage') },
      { path: PATHS.admin, element: guarded(AdminOnly, named(() => import('../features/moderation/admin-page'), 'AdminPage')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes), not the data router: no screen uses loaders or actions, and
 * leaving createBrowserRouter out takes about 60 KB of react-router off the landing route, which must stay
 * under 100 KB of gzipped JS (docs/decisions/006-look-and-feel.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
