import { fill, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  ...manifest,
  fills: [fill('profile.cash-shop', () => import('./cash-shop'))],
};
