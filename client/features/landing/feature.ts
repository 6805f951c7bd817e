import { fill, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.home, guard: 'public', load: () => import('./home-page') })],
  nav: [{ label: 'Home', path: manifest.paths.home, places: ['visitor'], order: 150, end: true }],
  fills: [fill('profile.first-run-guide', () => import('./first-run-guide'))],
};
