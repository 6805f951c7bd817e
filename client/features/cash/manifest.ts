import type { Manifest } from '../../lib/feature';

export const manifest = {
  logColours: { cash: 'bg-lime-600' },
} as const satisfies Manifest;
