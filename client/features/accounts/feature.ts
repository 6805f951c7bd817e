import { route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

const { paths } = manifest;

export const feature: Feature = {
  routes: [
    route({ path: paths.login, guard: 'signed-out', load: () => import('./login-page') }),
    route({ path: paths.signup, guard: 'signed-out', load: () => import('./signup-page') }),
    route({ path: paths.resetPassword, guard: 'signed-out', load: () => import('./reset-page') }),
    // Public: a verification link works in any browser, signed in or not.
    route({ path: paths.verify, guard: 'public', load: () => import('./verify-page') }),
    route({ path: paths.setUsername, guard: 'no-username', load: () => import('./set-username-page') }),
  ],
  nav: [
    { label: 'Login', path: paths.login, places: ['visitor'], order: 160 },
    { label: 'Sign Up', path: paths.signup, places: ['visitor'], order: 170 },
  ],
};
