import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.leaderboard, guard: 'player', load: named(() => import('./leaderboard-page'), 'LeaderboardPage') })],
  nav: [{ label: 'Leaderboard', path: manifest.paths.leaderboard, places: ['desktop', 'more'], order: 50 }],
};
