import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { admin: '/admin' },
} as const satisfies Manifest;
