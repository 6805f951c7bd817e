/**
 * Every client feature's registry (client/lib/feature.ts), the one list the shell maps over: the router takes
 * their routes and slots, the menus their navigation entries. A new feature adds its line here (and its manifest
 * to client/manifests.ts); the router, the menus and the Log do not change.
 */
import type { Feature } from '../lib/feature';
import { feature as about } from '../features/about/feature';
import { feature as accounts } from '../features/accounts/feature';
import { feature as arena } from '../features/arena/feature';
import { feature as cash } from '../features/cash/feature';
import { feature as chat } from '../features/chat/feature';
import { feature as contracts } from '../features/contracts/feature';
import { feature as crafting } from '../features/crafting/feature';
import { feature as drive } from '../features/drive/feature';
import { feature as fairness } from '../features/fairness/feature';
import { feature as guilds } from '../features/guilds/feature';
import { feature as howItWorks } from '../features/how-it-works/feature';
import { feature as landing } from '../features/landing/feature';
import { feature as leaderboard } from '../features/leaderboard/feature';
import { feature as market } from '../features/market/feature';
import { feature as moderation } from '../features/moderation/feature';
import { feature as notifications } from '../features/notifications/feature';
import { feature as odds } from '../features/odds/feature';
import { feature as profile } from '../features/profile/feature';
import { feature as scavenge } from '../features/scavenge/feature';
import { feature as shop } from '../features/shop/feature';
import { feature as sparring } from '../features/sparring/feature';
import { feature as trophyCase } from '../features/trophy-case/feature';

export const FEATURES: readonly Feature[] = [
  landing,
  accounts,
  profile,
  scavenge,
  chat,
  arena,
  guilds,
  leaderboard,
  market,
  notifications,
  fairness,
  odds,
  howItWorks,
  about,
  moderation,
  crafting,
  contracts,
  cash,
  trophyCase,
  drive,
  shop,
  sparring,
];

/** Every route of every feature. */
export const ROUTES = FEATURES.flatMap((feature) => feature.routes ?? []);
