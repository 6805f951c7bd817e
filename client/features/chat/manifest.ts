import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { chat: '/chat' },
} as const satisfies Manifest;
