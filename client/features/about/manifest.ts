import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { about: '/about' },
} as const satisfies Manifest;
