import { fill, named, type Feature } from '../../lib/feature';

export const feature: Feature = {
  fills: [fill('guilds.drive', named(() => import('./drive-panel'), 'DrivePanel'))],
};
