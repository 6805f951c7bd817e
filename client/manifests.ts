/**
 * Every client feature's manifest (client/lib/feature.ts): its paths and its log colours, data any code may
 * import. Vite collects them from the features' folders at build time, so no list names them: a feature's
 * `manifest.ts` is found by being there, and types itself here through its `Manifests` entry.
 * Kept apart from the registries (client/app/features.ts): a page imports its paths from here, and the registries
 * import the pages.
 */
import type { ActivityKind } from '../game/wire';
import type { Manifest, Manifests } from './lib/feature';

export const MANIFESTS: readonly Manifest[] = Object.values(import.meta.glob<Manifest>('./features/*/manifest.ts', { eager: true, import: 'manifest' }));

type Each = Manifests[keyof Manifests];
type Merged<T> = (T extends unknown ? (part: T) => void : never) extends (whole: infer W) => void ? W : never;
/** Every feature's paths in one object (client/paths.ts); test/client/features.test.ts: none declared twice. */
export type Paths = Merged<Each extends infer M ? (M extends { paths: infer P } ? P : never) : never>;
type Colours = Merged<Each extends infer M ? (M extends { logColours: infer C } ? C : never) : never>;

/** The mark of each log kind in the profile's Log; a kind no feature colours is a type error here. */
export const LOG_COLOURS: Record<ActivityKind, string> = Object.assign({}, ...MANIFESTS.map((manifest) => manifest.logColours ?? {})) as Colours;
