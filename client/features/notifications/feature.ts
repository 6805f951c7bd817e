import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.notices, guard: 'player', load: named(() => import('./notices-page'), 'NoticesPage') })],
  // On a phone the notices are the top bar's bell (client/app/player-bars.tsx); the More sheet names them too.
  nav: [{ label: 'Notices', path: manifest.paths.notices, places: ['desktop', 'more'], order: 90 }],
};
