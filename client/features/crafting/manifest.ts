import type { Manifest } from '../../lib/feature';

export const manifest = {
  logColours: { craft: 'bg-cyan-500' },
} as const satisfies Manifest;
