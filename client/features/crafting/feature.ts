import { fill, type Feature } from '../../lib/feature';
import { manifest } from './manifest';

export const feature: Feature = {
  ...manifest,
  fills: [fill('profile.craft', () => import('./craft-dialog'))],
};
