import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.scavenge, guard: 'player', load: named(() => import('./scavenge-page'), 'ScavengePage') })],
  nav: [{ label: 'Scavenge', path: manifest.paths.scavenge, places: ['desktop', 'phone'], order: 20 }],
};
