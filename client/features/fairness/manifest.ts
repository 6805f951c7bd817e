import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { fairness: '/fairness' },
  logColours: { fairness: 'bg-slate-500' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    fairness: typeof manifest;
  }
}

/** The fairness page opened at one stored roll (a scavenge's, or a fight's, which has the fight's id). */
export const rollPath = (id: string) => `/fairness?roll=${encodeURIComponent(id)}`;
