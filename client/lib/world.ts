/**
 * The live world's events (docs/design.md section 9.11) go to the features that own the reads they change: each
 * such feature has a `world.ts`, the shell collects them (client/app/world.ts) and hands their loader here
 * (client/app/features.ts), and the chat's socket, which receives the `world` frames, applies them through here
 * (client/features/chat/world-dispatch.ts) without naming a feature. Loaded with the landing page: a thunk only.
 */
import type { WorldHandlers } from './feature';

let load: () => Promise<readonly WorldHandlers[]> = () => Promise.resolve([]);

/** Where every feature's world handlers come from, set by the shell. */
export function setWorldHandlers(loader: () => Promise<readonly WorldHandlers[]>): void {
  load = loader;
}

/** Every feature's world handlers, loaded on first use. */
export const loadWorldHandlers = () => load();
