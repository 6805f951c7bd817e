import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.fairness, guard: 'player', load: named(() => import('./fairness-page'), 'FairnessPage') })],
  nav: [{ label: 'Fairness', path: manifest.paths.fairness, places: ['more', 'footer'], order: 110, footerLabel: 'Check your rolls' }],
};
