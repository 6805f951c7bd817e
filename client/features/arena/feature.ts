import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.arena, guard: 'player', load: named(() => import('./arena-page'), 'ArenaPage'), slots: ['arena.sparring'] })],
  nav: [{ label: 'Arena', path: manifest.paths.arena, places: ['desktop', 'phone'], order: 30 }],
};
