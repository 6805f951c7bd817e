/**
 * Every client feature's registry (client/lib/feature.ts), the one list the shell maps over: the router takes
 * their routes and slots, the menus their navigation entries. Vite collects each folder's `feature.ts` at build
 * time (and its `world.ts`, ./world.ts), so a new feature is its folder: the router, the menus, the Log, the
 * chat and this file do not change.
 */
import type { Feature } from '../lib/feature';
import { setWorldHandlers } from '../lib/world';

export const FEATURES: readonly Feature[] = Object.values(import.meta.glob<Feature>('../features/*/feature.ts', { eager: true, import: 'feature' }));

// The live world's events go to the features that own the reads they change (client/lib/world.ts).
setWorldHandlers(() => import('./world'));

/** Every route of every feature. */
export const ROUTES = FEATURES.flatMap((feature) => feature.routes ?? []);
