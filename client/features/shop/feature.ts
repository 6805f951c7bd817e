import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  ...manifest,
  // No menu entry (the menus are the spec's): players reach it where they want energy, by PATHS.shop.
  routes: [route({ path: manifest.paths.shop, guard: 'player', load: named(() => import('./shop-page'), 'ShopPage') })],
};
