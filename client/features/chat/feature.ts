import { fill, named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.chat, guard: 'player', load: () => import('./chat-page') })],
  // On a phone the chat is the top bar's icon (client/app/player-bars.tsx).
  nav: [{ label: 'Chat', path: manifest.paths.chat, places: ['desktop'], order: 70 }],
  fills: [fill('guilds.chat', named(() => import('./guild-chat'), 'GuildChat'))],
};
