import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.shop, guard: 'player', load: named(() => import('./shop-page'), 'ShopPage') })],
  // In the desktop bar and the phone's More (issue #51: linked only at 0 energy, players never found it;
  // docs/deviations.md).
  nav: [{ label: 'Shop', path: manifest.paths.shop, places: ['desktop', 'more'], order: 65 }],
};
