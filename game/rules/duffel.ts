import { DUFFEL_SLOT_PRICE } from '../constants';

/** The gold the duffel bag's next slot costs when it holds `size`: 20 × (size + 1) gold (docs/design.md, the duffel upgrade). */
export const duffelUpgradeCost = (size: number) => DUFFEL_SLOT_PRICE * (size + 1);
