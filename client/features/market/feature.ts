import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.market, guard: 'player', load: named(() => import('./market-page'), 'MarketPage') })],
  nav: [{ label: 'Market', path: manifest.paths.market, places: ['desktop', 'more'], order: 60 }],
};
