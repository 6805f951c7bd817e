/**
 * What the component tests render: a player's profile and items as the server answers them (game/wire.ts), built
 * from the real catalogue and rules, and the browser commands of vitest.config.ts with their types.
 */
import { act } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { commands, type Locator } from 'vitest/browser';
import { MAX_ENERGY } from '../../game/constants';
import { catalogueById } from '../../game/rules/catalogue';
import { researchDurationMs } from '../../game/rules/rarity';
import { salvageGold } from '../../game/rules/salvage';
import type { Item, PlayerCard, Profile, SessionInfo } from '../../game/wire';

declare module 'vitest/browser' {
  interface BrowserCommands {
    colorScheme: (scheme: 'light' | 'dark' | null) => Promise<void>;
    axeViolations: () => Promise<string[]>;
    answer: (path: string, body: unknown, status?: number, options?: { held?: boolean }) => Promise<void>;
    forgetAnswers: () => Promise<void>;
    loseAnswers: (path: string, losses: ('network' | number)[], body: unknown, status?: number) => Promise<void>;
    keysSent: (path: string) => Promise<string[]>;
  }
}

/** No serious or critical axe violation in what the test rendered (test/e2e/screens.ts does the same for a page). */
export async function expectAxeClean(what: string) {
  expect(await commands.axeViolations(), `axe on ${what}`).toEqual([]);
}

/**
 * Moves the fake clock (vi.useFakeTimers) by `ms` and lets React render what that changed, and no further. Read
 * the page after it with `now`, not expect.element: its retries move a fake clock on, so a toast shown too long
 * or a countdown a second late would still pass there.
 */
export async function passTime(ms: number) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(async () => {
      vi.advanceTimersByTime(ms);
    });
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

/** The text of what `locator` finds at this moment, read once; null when it finds nothing. */
export const now = (locator: Locator) => locator.query()?.textContent ?? null;

/** The API requests this page has sent so far: a blocked button must send none. */
export const apiRequests = () => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));

/**
 * An owned item of the catalogue, equipped since `equippedAt` (server clock) with no research before that; or,
 * with `research: 100`, fully researched, by the test's player (aProfile) unless `researchedBy` names another.
 */
export function anItem(
  catalogId: string,
  { id = catalogId, quality = 5, equippedAt = Date.now(), research = 0, researchedBy }: { id?: string; quality?: number; equippedAt?: number | null; research?: number; researchedBy?: string | null } = {},
): Item {
  const entry = catalogueById(catalogId);
  if (!entry) throw new Error(`no catalogue item ${catalogId}`);
  return {
    id,
    slot: null,
    catalogId,
    itemName: entry.name,
    rarity: entry.rarity,
    quality,
    attack: entry.attack,
    defense: entry.defense,
    description: entry.description,
    history: entry.history,
    value: entry.value,
    salvage: salvageGold({ catalogId, rarity: entry.rarity, quality }),
    research,
    // Fully researched: as the server answers an item equipped for its tier's whole research time before.
    researchMs: research === 100 ? researchDurationMs(entry.rarity) : 0,
    equippedAt,
    researchSpeed: 0,
    researchedBy: researchedBy !== undefined ? researchedBy : research === 100 ? aProfile().username : null,
  };
}

/** A new player's profile at `serverTime` (now), with whatever the test changes. */
export function aProfile(changes: Partial<Profile> = {}): Profile {
  return {
    uid: 'u-test',
    username: 'tester',
    level: 1,
    energy: MAX_ENERGY,
    secondsToNextEnergy: null,
    gold: 100,
    cash: 0,
    showcase: { slots: 0, itemIds: [] },
    ranking: 1,
    trophyStats: { attack: 0, defense: 0 },
    totalAttack: 0,
    totalDefense: 0,
    inventory: [],
    duffelBag: [],
    duffelBagSize: 0,
    duffelUpgradeCost: 20,
    trophyCaseScore: 0,
    trophyCaseAvgQuality: 0,
    guild: '',
    xp: 0,
    serverTime: Date.now(),
    ...changes,
  };
}

/** The session of the player `profile` is about, as GET /api/auth/session answers it. */
export const sessionOf = (profile: Profile): SessionInfo => ({
  user: { uid: profile.uid, email: `${profile.username}@example.com`, emailVerified: true, username: profile.username, isAdmin: false },
  googleEnabled: false,
});

/** `profile`'s public card as GET /api/players/:username answers it: new, in no guild, with whatever the test changes. */
export function aCard(profile: Profile, changes: Partial<PlayerCard> = {}): PlayerCard {
  return {
    username: profile.username,
    level: profile.level,
    rank: 7,
    trophyCaseScore: 0,
    trophies: 0,
    totalAttack: 0,
    totalDefense: 0,
    totalPower: 0,
    rating: 1000,
    wins: 0,
    losses: 0,
    guild: null,
    showcase: [],
    medals: [],
    ribbons: [],
    ...changes,
  };
}

/**
 * Each test on a fake clock (passTime moves it). The toasts are one module-wide list: once the screen is gone the
 * one shown goes with the clock's pending timers, so the next test starts with none.
 */
export function fakeClockPerTest() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await cleanup();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });
}
