import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { howItWorks: '/how-it-works' },
} as const satisfies Manifest;
