/**
 * The chat: its socket routes, the server firsts found in each intent's batch (./firsts.ts), and the rooms told
 * what happened once the answer has left: news and notices (./news.ts), what others now see (./world.ts).
 */
import type { Feature } from '../../core/feature';
import { serverFirstsHook } from './firsts';
import { tellChatAfterCommit } from './news';
import { chatRoutes } from './routes';
import { tellWorldAfterCommit } from './world';

declare module '../../core/changes' {
  interface IntentEvents {
    /**
     * The player was the first ever to own this catalogue item (docs/design.md section 8.1), at this quality. Found
     * by a commit hook in its statements' results once the batch has committed (./firsts.ts), never said by a decision.
     */
    first: { catalogId: string; quality: number };
  }
}

export const chat: Feature = { routes: chatRoutes, hooks: [serverFirstsHook], watchers: [tellChatAfterCommit, tellWorldAfterCommit] };
