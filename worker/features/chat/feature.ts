/**
 * The chat: its socket routes, the server firsts found in each intent's batch (./firsts.ts), and the rooms told
 * what happened once the answer has left: news and notices (./news.ts), what others now see (./world.ts).
 */
import type { Feature } from '../../core/feature';
import { serverFirstsHook } from './firsts';
import { tellChatAfterCommit } from './news';
import { chatRoutes } from './routes';
import { tellWorldAfterCommit } from './world';

export const chat: Feature = { routes: chatRoutes, hooks: [serverFirstsHook], watchers: [tellChatAfterCommit, tellWorldAfterCommit] };
