/** What the service worker tells an open page (client/sw/sw.ts), and the page listens for (client/lib/service-worker.ts). */
import type { PushNotice } from '../../game/rules/notices';

/** A push that arrived while the game was on screen; or a tapped notification's screen, to open in this page. */
export type PageMessage = { type: 'notice'; notice: PushNotice } | { type: 'open'; url: string };

/** The page shown for any navigation while offline (public/offline.html). */
export const OFFLINE_PAGE = '/offline.html';
/** The offline page and its styles (the site's CSP allows no inline style), cached as the worker installs. */
export const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.css'];

/** A path of this game (`/arena?q=Bram`), never another site's address: the only place a push may open. */
export const isGamePath = (url: string) => url.startsWith('/') && !url.startsWith('//');
