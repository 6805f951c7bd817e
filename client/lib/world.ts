/**
 * The live world's events (docs/design.md section 9.11) go to the features that own the reads they change. Each
 * feature's registry names its handlers (client/lib/feature.ts `world`), the shell hands them all here once
 * (client/app/features.ts), and the chat's socket, which receives the `world` frames, applies them through here
 * (client/features/chat/world.ts) without naming a feature. Loaded with the landing page: it holds thunks only.
 */
import type { Load, WorldHandlers } from './feature';

let loads: readonly Load<WorldHandlers>[] = [];

/** Every feature's world handlers, from the shell. */
export function setWorldHandlers(handlers: readonly Load<WorldHandlers>[]): void {
  loads = handlers;
}

/** Every feature's world handlers, each loaded on first use. */
export const loadWorldHandlers = (): Promise<WorldHandlers[]> => Promise.all(loads.map((load) => load().then((module) => module.default)));
