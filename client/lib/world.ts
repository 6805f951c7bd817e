/**
 * The live world's events (docs/design.md section 9.11) go to the features that own the reads they change: each
 * such feature has a `world.ts`, the shell collects them (client/app/world.ts) and hands their loader here
 * (client/app/features.ts), and the chat's socket, which receives the `world` frames, applies them through here
 * (client/features/chat/world-dispatch.ts) without naming a feature. Loaded with the landing page: a thunk only.
 */
import type { Load, WorldHandlers } from './feature';

let load: Load<readonly WorldHandlers[]> | undefined;

/** Where every feature's world handlers come from (a module whose default export they are), set by the shell. */
export function setWorldHandlers(loader: Load<readonly WorldHandlers[]>): void {
  load = loader;
}

/** Every feature's world handlers, loaded on first use. */
export const loadWorldHandlers = async (): Promise<readonly WorldHandlers[]> => (load ? (await load()).default : []);
