/** The guild Salvage Drive (docs/design.md section 8.6): its routes, and the hook that reads the week's figures after a donation. */
import type { Feature } from '../../core/feature';
import { driveProgressHook } from './progress';
import { driveRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /** A donation to a guild's Salvage Drive of the week `week` (docs/design.md section 8.6). */
    donated: { guildId: string; week: number };
    /**
     * The drive's week after a donation, read in the donation's batch (./progress.ts): the points given and the
     * target, as the drive's read shows them. Found by a commit hook, never said by a decision.
     */
    'drive-moved': { guildId: string; points: number; target: number };
  }
}

export const drive: Feature = { routes: driveRoutes, hooks: [driveProgressHook] };
