import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  // The rules are public.
  routes: [route({ path: manifest.paths.howItWorks, guard: 'public', load: named(() => import('./how-it-works-page'), 'HowItWorksPage') })],
  nav: [{ label: 'How it works', path: manifest.paths.howItWorks, places: ['more', 'footer'], order: 120 }],
};
