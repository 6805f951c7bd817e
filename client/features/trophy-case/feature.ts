import { fill, type Feature } from '../../lib/feature';

export const feature: Feature = {
  fills: [fill('profile.trophy-case', () => import('./trophy-case-modal'))],
};
