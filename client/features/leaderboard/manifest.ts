import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { leaderboard: '/leaderboard' },
  // The season's end and a league's prizes are written by worker/features/seasons and leagues, whose boards this feature shows.
  logColours: { season: 'bg-pink-600', league: 'bg-violet-600' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    leaderboard: typeof manifest;
  }
}
