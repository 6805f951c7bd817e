/**
 * What an intent writes, as D1 bills it (issue #42, docs/decisions/014-bounded-costs.md): each route's rows
 * written, from the `meta` of its batch, held under a ceiling, so a later feature that adds rows fails a test, not a
 * bill. The ceilings are this round's measured baseline with salvage, leagues and sets in place; #42 lowers them
 * to its targets (a scavenge at most 10, a take 7, a swap 5, a trophy 8, a fight 12).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, giveItem, newPlayer, setPlayer, unprotect, type CallOptions } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

/**
 * The rows each route's commit writes, at most: the measured baseline (see the file's comment), with room for the
 * rows a roll decides (a find or a trophy that moves one of the day's contracts writes its progress row; the first
 * player of a tier this week opens a league; a lost defence writes the defender's recovery).
 */
export const ROWS_WRITTEN_CEILING = {
  scavenge: 17,
  take: 12,
  swap: 6,
  /** The week's first scoring trophy: it also joins a league (five statements, docs/decisions/023-leagues.md). */
  firstTrophyOfWeek: 28,
  trophy: 13,
  fight: 22,
} as const;

async function rowsWritten(path: string, options: CallOptions) {
  const count = newD1Count();
  const response = await app.fetch(apiRequest(path, options), { ...env, DB: countingD1(env.DB, count) });
  expect(response.status, await response.clone().text()).toBe(200);
  return count.rowsWritten;
}

/** A player in their everyday state: energy, a bag, an item equipped and researched, a few finds already taken. */
async function everyday(): Promise<Player> {
  const player = await newPlayer();
  await setPlayer(player.uid, { energy: 20, duffel_bag_size: 2, gold: 500 });
  await giveItem(player.uid, { catalogId: 'machete', researched: true });
  return player;
}

describe('rows written per intent (D1 meta)', () => {
  const measured: Record<string, number> = {};

  it('a scavenge, a take, a swap, a trophy and a fight each stay under their ceiling', async () => {
    const player = await everyday();
    // The first scavenge of the day and its first take write rows later ones do not (the day's contract rows):
    // measure the everyday ones.
    expect((await call('/api/scavenge', { body: {}, token: player.token })).status).toBe(200);
    expect((await call('/api/scavenge/swap', { body: { take: [0], drop: [] }, token: player.token })).status).toBe(200);
    measured.scavenge = await rowsWritten('/api/scavenge', { body: {}, token: player.token });
    measured.take = await rowsWritten('/api/scavenge/swap', { body: { take: [0], drop: [] }, token: player.token });
    const stowed = await giveItem(player.uid, { catalogId: 'compound-bow', researched: true });
    measured.swap = await rowsWritten('/api/swap', { body: { toDuffel: [stowed], toInventory: [] }, token: player.token });
    // A trophy that scores: the season's row, the guild ledger's and the week's league ride in its batch.
    const first = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 4, researched: true });
    measured.firstTrophyOfWeek = await rowsWritten('/api/trophycase', { body: { itemId: first }, token: player.token });
    const second = await giveItem(player.uid, { catalogId: 'compound-bow', quality: 4, researched: true });
    measured.trophy = await rowsWritten('/api/trophycase', { body: { itemId: second }, token: player.token });
    const defender = await newPlayer();
    await unprotect(player, defender);
    measured.fight = await rowsWritten('/api/arena/fights', { body: { defender: defender.username }, token: player.token });

    console.info(`rows written per intent: ${JSON.stringify(measured)}`);
    for (const [route, ceiling] of Object.entries(ROWS_WRITTEN_CEILING)) expect(measured[route], route).toBeLessThanOrEqual(ceiling);
    // A measure that reads 0 would pass any ceiling: every intent writes at least its claim and its log line.
    for (const rows of Object.values(measured)) expect(rows).toBeGreaterThanOrEqual(2);
  });
});
