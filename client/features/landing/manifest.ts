import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { home: '/' },
} as const satisfies Manifest;
