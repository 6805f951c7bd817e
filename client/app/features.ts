/**
 * Every client feature's registry (client/lib/feature.ts), the one list the shell maps over: the router takes
 * their routes and slots, the menus their navigation entries, the chat's socket their world events. Vite
 * collects each folder's `feature.ts` at build time, so a new feature is its folder: the router, the menus, the
 * Log and this file do not change.
 */
import type { Feature } from '../lib/feature';
import { setWorldHandlers } from '../lib/world';

export const FEATURES: readonly Feature[] = Object.values(import.meta.glob<Feature>('../features/*/feature.ts', { eager: true, import: 'feature' }));

// The live world's events go to the features that own the reads they change (client/lib/world.ts).
setWorldHandlers(FEATURES.flatMap((feature) => feature.world ?? []));

/** Every route of every feature. */
export const ROUTES = FEATURES.flatMap((feature) => feature.routes ?? []);
