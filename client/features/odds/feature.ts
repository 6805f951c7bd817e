import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  // The published odds are public: nothing on the page is private.
  routes: [route({ path: manifest.paths.odds, guard: 'public', load: named(() => import('./odds-page'), 'OddsPage') })],
  nav: [{ label: 'Odds', path: manifest.paths.odds, places: ['more', 'footer'], order: 100 }],
};
