/**
 * Every client feature's manifest (client/lib/feature.ts): its paths and its log colours, data any code may
 * import. A new feature with paths or log kinds adds its manifest here; its code goes in client/app/features.ts.
 * Kept apart from the registries: a page imports its paths from here, and the registries import the pages.
 */
import type { ActivityKind } from '../game/wire';
import { manifest as about } from './features/about/manifest';
import { manifest as accounts } from './features/accounts/manifest';
import { manifest as arena } from './features/arena/manifest';
import { manifest as cash } from './features/cash/manifest';
import { manifest as chat } from './features/chat/manifest';
import { manifest as contracts } from './features/contracts/manifest';
import { manifest as crafting } from './features/crafting/manifest';
import { manifest as fairness } from './features/fairness/manifest';
import { manifest as guilds } from './features/guilds/manifest';
import { manifest as howItWorks } from './features/how-it-works/manifest';
import { manifest as landing } from './features/landing/manifest';
import { manifest as leaderboard } from './features/leaderboard/manifest';
import { manifest as market } from './features/market/manifest';
import { manifest as moderation } from './features/moderation/manifest';
import { manifest as notifications } from './features/notifications/manifest';
import { manifest as odds } from './features/odds/manifest';
import { manifest as profile } from './features/profile/manifest';
import { manifest as scavenge } from './features/scavenge/manifest';
import { manifest as shop } from './features/shop/manifest';

export const MANIFESTS = [
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
  shop,
] as const;

type Manifests = (typeof MANIFESTS)[number];
type Merged<T> = (T extends unknown ? (part: T) => void : never) extends (whole: infer W) => void ? W : never;
/** Every feature's paths in one object (client/paths.ts); test/client/features.test.ts: none declared twice. */
export type Paths = Merged<Manifests extends infer M ? (M extends { paths: infer P } ? P : never) : never>;
type Colours = Merged<Manifests extends infer M ? (M extends { logColours: infer C } ? C : never) : never>;

/** The mark of each log kind in the profile's Log; a kind no feature colours is a type error here. */
export const LOG_COLOURS: Record<ActivityKind, string> = Object.assign(
  {},
  ...MANIFESTS.map((manifest) => ('logColours' in manifest ? manifest.logColours : {})),
) as Colours;
