import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { scavenge: '/scavenge' },
  logColours: { scavenge: 'bg-amber-500', take: 'bg-emerald-500' },
} as const satisfies Manifest;
