import { route, type Feature } from '../../lib/feature';
import { manifest, OPEN_LOG } from './manifest';

export const feature: Feature = {
  routes: [
    route({
      path: manifest.paths.profile,
      guard: 'player',
      load: () => import('./profile-screen'),
      slots: ['profile.trophy-case', 'profile.craft', 'profile.contracts', 'profile.cash-shop', 'profile.first-run-guide'],
    }),
  ],
  nav: [
    { label: 'Home', path: manifest.paths.profile, places: ['desktop', 'phone'], order: 10, end: true },
    { label: 'Log', path: manifest.paths.profile, places: ['more'], order: 80, state: OPEN_LOG },
  ],
};
