/**
 * Every feature of the Worker, one line each (docs/decisions/012-server-by-feature.md): the app mounts their
 * routes and registers their hooks and watchers (./app.ts), the Cron runs their jobs and prunes (./scheduled.ts).
 * A new feature declares what it brings in its own `feature.ts` and adds its line here; nothing else outside its
 * folder changes. The order is the order routes are matched, hooks add their writes and jobs start.
 */
import { cronOf } from './core/cron';
import type { Feature } from './core/feature';
import { accounts } from './features/accounts/feature';
import { arena } from './features/arena/feature';
import { cash } from './features/cash/feature';
import { chat } from './features/chat/feature';
import { contracts } from './features/contracts/feature';
import { crafting } from './features/crafting/feature';
import { dev } from './features/dev/feature';
import { drive } from './features/drive/feature';
import { fairness } from './features/fairness/feature';
import { guilds } from './features/guilds/feature';
import { leagues } from './features/leagues/feature';
import { market } from './features/market/feature';
import { moderation } from './features/moderation/feature';
import { notifications } from './features/notifications/feature';
import { players } from './features/players/feature';
import { profile } from './features/profile/feature';
import { scavenge } from './features/scavenge/feature';
import { seasons } from './features/seasons/feature';
import { shop } from './features/shop/feature';
import { sparring } from './features/sparring/feature';

export const FEATURES: readonly Feature[] = [
  accounts,
  moderation,
  players,
  profile,
  scavenge,
  crafting,
  contracts,
  seasons,
  cash,
  shop,
  arena,
  sparring,
  fairness,
  guilds,
  chat,
  market,
  drive,
  notifications,
  leagues,
  dev,
];

/** The features' Cron jobs and the handler that runs them (./core/cron.ts). */
export const CRON = cronOf(FEATURES);
