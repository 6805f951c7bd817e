import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { notices: '/notices' },
  logColours: { notifications: 'bg-orange-500' },
} as const satisfies Manifest;
