import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { shop: '/shop' },
} as const satisfies Manifest;
