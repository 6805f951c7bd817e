/**
 * Every feature's live-world handlers (its `world.ts`: client/lib/feature.ts `WorldHandlers`), collected from the
 * folders as the registries are, so no list names them. One chunk, loaded with the first world frame: the shell
 * hands its loader to client/lib/world.ts, which the chat's dispatch reads.
 */
import type { WorldHandlers } from '../lib/feature';

const WORLD_HANDLERS: readonly WorldHandlers[] = Object.values(import.meta.glob<WorldHandlers>('../features/*/world.ts', { eager: true, import: 'world' }));

export default WORLD_HANDLERS;
