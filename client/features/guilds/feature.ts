import { named, route, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  routes: [
    route({ path: manifest.paths.guilds, guard: 'player', load: named(() => import('./guilds-page'), 'GuildsPage') }),
    route({ path: manifest.paths.guild, guard: 'player', load: () => import('./guild-screen'), slots: ['guilds.chat', 'guilds.drive'] }),
  ],
  nav: [{ label: 'Guilds', path: manifest.paths.guilds, places: ['desktop', 'phone'], order: 40 }],
};
