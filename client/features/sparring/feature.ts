import { fill, named, type Feature } from '../../lib/feature';

/** Sparring (docs/design.md section 10.2): its panel fills the arena's sparring tab. */
export const feature: Feature = {
  fills: [fill('arena.sparring', named(() => import('./sparring-panel'), 'SparringPanel'))],
};
