import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { leaderboard: '/leaderboard' },
  // The season's end is written by worker/features/seasons, whose boards this feature shows.
  logColours: { season: 'bg-pink-600' },
} as const satisfies Manifest;
