import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { odds: '/odds' },
} as const satisfies Manifest;

/** The odds page at one zone's table. */
export const zoneOddsPath = (zone: string) => `/odds#zone-${zone}`;
