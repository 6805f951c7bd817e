import type { Manifest } from '../../lib/feature';

export const manifest = {
  logColours: { contract: 'bg-yellow-500' },
} as const satisfies Manifest;
