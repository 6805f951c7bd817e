/**
 * Every route path of the SPA (docs/spec.md section 2), in one place: each feature declares its own in its
 * manifest (client/lib/feature.ts), and the rest of the client imports them from here.
 */
import { MANIFESTS, type Paths } from './manifests';

export const PATHS: Paths = Object.assign({}, ...MANIFESTS.map((manifest) => manifest.paths ?? {}));

export { arenaFightPath } from './features/arena/manifest';
export { rollPath } from './features/fairness/manifest';
export { guildPath } from './features/guilds/manifest';
export { marketSellPath } from './features/market/manifest';
export { zoneOddsPath } from './features/odds/manifest';
export { OPEN_LOG } from './features/profile/manifest';
