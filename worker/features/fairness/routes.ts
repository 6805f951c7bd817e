/**
 * Verifiable rolls (docs/design.md section 8.8): the caller's seeds, choosing a client seed, rotating the server
 * seed (which reveals the one in use), and the stored rolls a player checks on /fairness. Changing a seed is an
 * intent, behind the player's claim like every roll (./seeds.ts), so no roll is ever drawn from a seed that is
 * already revealed, and parallel rotations reveal each seed exactly once.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { ROLLS_KEPT_DAYS, seedHash } from '../../../game/rules/fair';
import { ClientSeedSchema, EmptyBodySchema } from '../../../game/schemas';
import type { FairRoll } from '../../../game/wire';
import { noChanges } from '../../core/changes';
import type { Database } from '../../core/db/client';
import { fairSeeds, revealedSeeds, rolls } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { notFound } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { newServerSeed, seedsOf, seedsRead, type Seeds } from './seeds';

/** The /fairness page lists the newest rolls; older ones are reached by id from the log or a fight. */
const ROLLS_LISTED = 50;

const shown = (seeds: Seeds) => ({ serverSeedHash: seedHash(seeds.serverSeed), clientSeed: seeds.clientSeed, nonce: seeds.nonce });
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** The caller's stored rolls (all of them, or the one `id`), each with its server seed once revealed. */
function rollsRead(db: Database, uid: string, id?: string) {
  return db
    .select({
      id: rolls.id,
      serverSeedHash: rolls.serverSeedHash,
      clientSeed: rolls.clientSeed,
      nonce: rolls.nonce,
      rules: rolls.rules,
      outcome: rolls.outcome,
      createdAt: rolls.createdAt,
      revealedServerSeed: revealedSeeds.seed,
    })
    .from(rolls)
    .leftJoin(revealedSeeds, and(eq(revealedSeeds.hash, rolls.serverSeedHash), eq(revealedSeeds.uid, rolls.uid)))
    .where(and(eq(rolls.uid, uid), id === undefined ? undefined : eq(rolls.id, id)));
}

export const fairnessRoutes = new Hono<AppEnv>();

route(fairnessRoutes, API.fairness, { guard: asPlayer }, async (c) => {
  const [[seeds]] = await c.var.player.read((db, uid) => [seedsRead(db, uid)] as const);
  if (!seeds) throw notFound();
  return shown(seeds);
});

route(fairnessRoutes, API.setClientSeed, { guard: asPlayer, body: ClientSeedSchema }, async (c, { body: { clientSeed } }) => {
  const { player } = c.var;
  let after: Seeds | undefined;
  await player.commitOwn(seedsOf(player.uid), (_state, _now, seeds) => {
    after = { ...seeds, clientSeed };
    return {
      ...noChanges(),
      log: { kind: 'fairness', text: `Set your client seed to ${clientSeed}.` },
      effects: [(db, { uid }) => [db.update(fairSeeds).set({ clientSeed }).where(eq(fairSeeds.uid, uid))]],
    };
  });
  if (!after) throw new Error('the decision ran');
  return shown(after);
});

route(fairnessRoutes, API.rotateSeed, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  const { player } = c.var;
  // Drawn once: a retry after a lost race reveals the seed then in use and installs this same, unused one.
  const next = newServerSeed();
  const nextServerSeedHash = seedHash(next);
  let revealed: Seeds | undefined;
  await player.commitOwn(seedsOf(player.uid), (_state, _now, seeds) => {
    revealed = seeds;
    const revealedHash = seedHash(seeds.serverSeed);
    return {
      ...noChanges(),
      log: { kind: 'fairness', text: `Rotated your server seed: ${short(revealedHash)} is revealed, ${short(nextServerSeedHash)} is next.` },
      effects: [
        (db, { uid, now }) => [
          db.insert(revealedSeeds).values({ hash: revealedHash, uid, seed: seeds.serverSeed, revealedAt: now }),
          db.update(fairSeeds).set({ serverSeed: next, nonce: 0 }).where(eq(fairSeeds.uid, uid)),
        ],
      ],
    };
  });
  if (!revealed) throw new Error('the decision ran');
  return { revealedServerSeed: revealed.serverSeed, revealedHash: seedHash(revealed.serverSeed), nextServerSeedHash };
});

route(fairnessRoutes, API.fairRolls, { guard: asPlayer }, async (c) => {
  const [found] = await c.var.player.read((db, uid) => [rollsRead(db, uid).orderBy(desc(rolls.createdAt), desc(rolls.nonce)).limit(ROLLS_LISTED)] as const);
  return { rolls: found satisfies FairRoll[], keptDays: ROLLS_KEPT_DAYS };
});

route(fairnessRoutes, API.fairRoll, { guard: asPlayer }, async (c, { path: { id } }) => {
  // Someone else's roll is not found, like someone else's fight.
  const [[found]] = await c.var.player.read((db, uid) => [rollsRead(db, uid, id)] as const);
  if (!found) throw notFound();
  return found;
});
