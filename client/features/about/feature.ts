import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  // The credits are public.
  routes: [route({ path: manifest.paths.about, guard: 'public', load: named(() => import('./about-page'), 'AboutPage') })],
  nav: [{ label: 'About', path: manifest.paths.about, places: ['more', 'footer'], order: 130, footerLabel: 'About & credits' }],
};
