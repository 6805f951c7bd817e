import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [route({ path: manifest.paths.admin, guard: 'admin', load: named(() => import('./admin-page'), 'AdminPage') })],
  nav: [{ label: 'Admin', path: manifest.paths.admin, places: ['more'], order: 140, adminOnly: true }],
};
