import { fill, type Feature } from '../../lib/feature';

export const feature: Feature = {
  fills: [fill('profile.cash-shop', () => import('./cash-shop'))],
};
