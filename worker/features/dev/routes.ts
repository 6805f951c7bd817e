/** Development-only routes: the dev mailbox (docs/design.md section 2) and test fixtures. 404 in production. */
import { ERRORS } from '../../../game/api';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { items, players, users } from '../../core/db/schema';
import { devOutbox } from '../accounts';
import { fightDays } from '../arena';
import { contractProgress } from '../contracts';
import { fairSeeds, scavengeRolls } from '../fairness';
import { seasonPrizes } from '../seasons';
import { attacksRead, fightsOf, newestFirst } from '../arena';
import { decodeFights, encodeFight } from '../../../game/rules/fight-record';
import type { LootRoll } from '../../../game/rules/rolls';
import type { FightRound } from '../../../game/wire';
import type { AppEnv } from '../../core/env';
import { newItemId } from '../../core/ids';
import { z } from 'zod';
import { CHAT_HISTORY_KEPT } from '../../../game/chat-protocol';
import { CHAT_MESSAGE_MAX, INVENTORY_SIZE, LOOT_PER_SCAVENGE, MAX_ENERGY } from '../../../game/constants';
import { catalogueById, researchDurationMs } from '../../../game/rules';
import { utcDay } from '../../../game/rules/fight';
import { levelFor } from '../../../game/rules/level';
import { decodeScavenges, encodeScavenges, scavengeRollId } from '../../../game/rules/roll-record';
import { seasonMedal } from '../../../game/rules/season';
import { EmptyBodySchema } from '../../../game/schemas';
import { callerOf, requirePlayer } from '../../core/session';
import { restartChat, seedChatHistory } from '../chat';
import { rollRowsOf } from '../fairness';
import { refuse } from '../../core/errors';
import { isDevelopment } from '../../core/env';
import { validate } from '../../core/validate';

const LINK = /(https?:\/\/[^\s]+)/g;

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw refuse(ERRORS.notFound);
    await next();
  })
  .get('/mailbox', async (c) => {
    const mails = await c.var.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(50);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Dev mailbox</title>
        </head>
        <body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem">
          <h1>Dev mailbox</h1>
          <p>Mail the game would have sent, newest first. Development only.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
          ${mails.map(
            (mail) => html`<article data-testid="mail" style="border-top: 1px solid #ccc; padding: 1rem 0">
              <p><strong>To:</strong> <span data-testid="mail-to">${mail.to}</span><br /><strong>Subject:</strong> ${mail.subject}<br /><small>${new Date(mail.createdAt).toISOString()}</small></p>
              <pre style="white-space: pre-wrap">${mail.body.split(LINK).map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : part))}</pre>
            </article>`,
          )}
        </body>
      </html>`);
  });

/**
 * Test fixtures for the end-to-end suite (development only, like the mailbox): they reach states that take
 * real time to reach, such as a fully researched item. Each acts on the signed-in player's own data only.
 */
const ResearchFixtureSchema = z.strictObject({ itemId: z.string().max(64) });
const ResearchAtFixtureSchema = z.strictObject({ itemId: z.string().max(64), percent: z.number().int().min(0).max(99) });
const SeedsFixtureSchema = z.strictObject({ serverSeed: z.string().regex(/^[0-9a-f]{64}$/), clientSeed: z.string().min(1).max(64) });
const EnergyFixtureSchema = z.strictObject({ energy: z.number().int().min(0).max(MAX_ENERGY) });
const ItemFixtureSchema = z.strictObject({
  catalogId: z.string().refine((id) => catalogueById(id) !== undefined, 'unknown catalogue id'),
  quality: z.number().int().min(1).max(10),
});
const LootFixtureSchema = z.strictObject({ ...ItemFixtureSchema.shape, slot: z.number().int().min(0).max(LOOT_PER_SCAVENGE - 1) });
const GoldFixtureSchema = z.strictObject({ gold: z.number().int().min(0).max(1_000_000) });
const CashFixtureSchema = z.strictObject({ cash: z.number().int().min(0).max(1_000_000) });
const MedalFixtureSchema = z.strictObject({ season: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), rank: z.number().int().min(1) });
const XpFixtureSchema = z.strictObject({ xp: z.number().int().min(0).max(100_000_000) });
const ContractFixtureSchema = z.strictObject({ slot: z.number().int().min(0).max(2), progress: z.number().int().min(0).max(1000) });
const ChatHistoryFixtureSchema = z.strictObject({ texts: z.array(z.string().min(1).max(CHAT_MESSAGE_MAX)).min(1).max(CHAT_HISTORY_KEPT) });

/** Each fixture changes the write token too, so an intent decided on the state before cannot commit over it. */
const freshToken = () => ({ writeToken: crypto.randomUUID() });

devRoutes
  .post('/fixtures/research', requirePlayer, validate('json', ResearchFixtureSchema), async (c) => {
    const { uid } = callerOf(c);
    const { itemId } = c.req.valid('json');
    const { db } = c.var;
    const [updated] = await db.batch([
      db
        .update(items)
        // Finished now, by the caller (docs/design.md section 9.4): it scores for them as a trophy.
        .set({
          researchMs: 1e12,
          equippedAt: sql`CASE WHEN ${items.location} = 'inventory' THEN ${Date.now()} ELSE NULL END`,
          researchedBy: uid,
          researchedAt: Date.now(),
        })
        .where(and(eq(items.id, itemId), eq(items.uid, uid))),
      db.update(players).set(freshToken()).where(eq(players.uid, uid)),
    ]);
    if (updated.meta.changes !== 1) throw refuse(ERRORS.notFound);
    return c.json({ ok: true });
  })
  // An equipped item's research part done (0-99 %), at no set speed and researched by nobody yet, as if it had
  // been in the slots that long (issue #51: a full inventory with research under way).
  .post('/fixtures/research-at', requirePlayer, validate('json', ResearchAtFixtureSchema), async (c) => {
    const { uid } = callerOf(c);
    const { itemId, percent } = c.req.valid('json');
    const { db } = c.var;
    const row = await db.select({ catalogId: items.catalogId }).from(items).where(and(eq(items.id, itemId), eq(items.uid, uid), eq(items.location, 'inventory'))).get();
    const entry = row && catalogueById(row.catalogId);
    if (!entry) throw refuse(ERRORS.notFound);
    const researchMs = Math.floor((researchDurationMs(entry.rarity) * percent) / 100);
    await db.batch([
      db.update(items).set({ researchMs, equippedAt: Date.now(), researchSpeed: 0, researchedBy: null, researchedAt: null }).where(eq(items.id, itemId)),
      db.update(players).set(freshToken()).where(eq(players.uid, uid)),
    ]);
    return c.json({ ok: true });
  })
  // The caller's server and client seed (issue #51), so a test plays real rolls that are the same every run: a new
  // player's rolls start at nonce 0. The seed in use is replaced without being revealed (development only).
  .post('/fixtures/seeds', requirePlayer, validate('json', SeedsFixtureSchema), async (c) => {
    const { uid } = callerOf(c);
    const { serverSeed, clientSeed } = c.req.valid('json');
    const { db } = c.var;
    await db.batch([db.update(fairSeeds).set({ serverSeed, clientSeed }).where(eq(fairSeeds.uid, uid)), db.update(players).set(freshToken()).where(eq(players.uid, uid))]);
    return c.json({ ok: true });
  })
  .post('/fixtures/energy', requirePlayer, validate('json', EnergyFixtureSchema), async (c) => {
    const { energy } = c.req.valid('json');
    await c.var.db
      .update(players)
      .set({ energy, energyAt: Date.now(), ...freshToken() })
      .where(eq(players.uid, callerOf(c).uid));
    return c.json({ ok: true });
  })
  .post('/fixtures/chat-restart', requirePlayer, validate('json', EmptyBodySchema), async (c) => {
    await restartChat(c.env);
    return c.json({ ok: true });
  })
  // Messages from the caller straight into the room's history (a long backlog without the rate limit).
  .post('/fixtures/chat-history', requirePlayer, validate('json', ChatHistoryFixtureSchema), async (c) => {
    await seedChatHistory(c.env, callerOf(c).username, c.req.valid('json').texts);
    return c.json({ ok: true });
  })
  // A fully researched item of the caller's choosing in the inventory, researched by the caller now, for recipes
  // that need rare parts.
  .post('/fixtures/item', requirePlayer, validate('json', ItemFixtureSchema), async (c) => {
    const { uid } = callerOf(c);
    const { catalogId, quality } = c.req.valid('json');
    const { db } = c.var;
    const now = Date.now();
    const equipped = await db.$count(items, and(eq(items.uid, uid), eq(items.location, 'inventory')));
    if (equipped >= INVENTORY_SIZE) throw refuse(ERRORS.inventoryFull);
    const id = newItemId();
    await db.batch([
      db.insert(items).values({ id, uid, catalogId, quality, location: 'inventory', researchMs: 1e12, equippedAt: now, createdAt: now, trophyAt: null, researchedBy: uid, researchedAt: now }),
      db.update(players).set(freshToken()).where(eq(players.uid, uid)),
    ]);
    return c.json({ id });
  })
  // A pending find of the caller's choosing in one loot slot, for what the screen does with a rare find not taken.
  .post('/fixtures/loot', requirePlayer, validate('json', LootFixtureSchema), async (c) => {
    const { uid } = callerOf(c);
    const { catalogId, quality, slot } = c.req.valid('json');
    const { db } = c.var;
    // The finds on the player's row (worker/core/state.ts encodeFinds), that slot replaced, in slot order.
    const finds = sql`(select json_group_array(json(find)) from (
      select find from (
        select value as find from json_each(${players.finds}) where json_extract(value, '$[0]') <> ${slot}
        union all select json_array(${slot}, ${catalogId}, ${quality})
      ) order by json_extract(find, '$[0]')))`;
    await db.update(players).set({ finds, ...freshToken() }).where(eq(players.uid, uid));
    return c.json({ ok: true });
  })
  .post('/fixtures/gold', requirePlayer, validate('json', GoldFixtureSchema), async (c) => {
    const { gold } = c.req.valid('json');
    await c.var.db
      .update(players)
      .set({ gold, ...freshToken() })
      .where(eq(players.uid, callerOf(c).uid));
    return c.json({ ok: true });
  })
  .post('/fixtures/cash', requirePlayer, validate('json', CashFixtureSchema), async (c) => {
    const { cash } = c.req.valid('json');
    await c.var.db
      .update(players)
      .set({ cash, ...freshToken() })
      .where(eq(players.uid, callerOf(c).uid));
    return c.json({ ok: true });
  })
  // A season's prize already paid, as the payout on the 1st writes it: the medal on the shelf, no cash moved.
  .post('/fixtures/medal', requirePlayer, validate('json', MedalFixtureSchema), async (c) => {
    const { season, rank } = c.req.valid('json');
    await c.var.db
      .insert(seasonPrizes)
      .values({ season, uid: callerOf(c).uid, rank, points: 1, cash: 0, medal: seasonMedal(season), paidAt: Date.now() })
      .onConflictDoNothing();
    return c.json({ ok: true });
  })
  // The caller's email address verified, as its link would (trading needs it: docs/design.md section 8.5).
  .post('/fixtures/verified', requirePlayer, validate('json', EmptyBodySchema), async (c) => {
    await c.var.db.update(users).set({ emailVerifiedAt: Date.now() }).where(eq(users.id, callerOf(c).uid));
    return c.json({ ok: true });
  })
  // Experience, with the level it gives written beside it as the commit engine does (level is never stored alone).
  .post('/fixtures/xp', requirePlayer, validate('json', XpFixtureSchema), async (c) => {
    const { xp } = c.req.valid('json');
    await c.var.db
      .update(players)
      .set({ xp, level: levelFor(xp), ...freshToken() })
      .where(eq(players.uid, callerOf(c).uid));
    return c.json({ ok: true });
  })
  // The caller's new-player protection ended, as their first attack would end it (docs/design.md section 9.10), so
  // a fresh player can be fought at once.
  .post('/fixtures/unprotect', requirePlayer, validate('json', EmptyBodySchema), async (c) => {
    await c.var.db
      .update(players)
      .set({ protectedUntil: 0, ...freshToken() })
      .where(eq(players.uid, callerOf(c).uid));
    return c.json({ ok: true });
  })
  // Progress on one of today's contracts (the commit's UTC day), as if the intents had made it.
  .post('/fixtures/contract', requirePlayer, validate('json', ContractFixtureSchema), async (c) => {
    const { slot, progress } = c.req.valid('json');
    const row = { uid: callerOf(c).uid, day: utcDay(Date.now()), slot, progress };
    await c.var.db
      .insert(contractProgress)
      .values(row)
      .onConflictDoUpdate({ target: [contractProgress.uid, contractProgress.day, contractProgress.slot], set: { progress } });
    return c.json({ ok: true });
  })
  // The caller's newest packed scavenge (the last of their newest row), or else their newest fight, altered as a
  // dishonest server would (one quality, or one strike's damage), so the fairness page can be seen to say it does not
  // match.
  .post('/fixtures/alter-roll', requirePlayer, validate('json', EmptyBodySchema), async (c) => {
    const { db } = c.var;
    const uid = callerOf(c).uid;
    const [row] = await db.select().from(scavengeRolls).where(rollRowsOf(uid)).orderBy(desc(scavengeRolls.id)).limit(1);
    const scavenges = row ? decodeScavenges(row) : [];
    const last = scavenges.pop();
    if (row && last) {
      const { packed } = encodeScavenges([...scavenges, { ...last, finds: alteredFinds(last.finds) }]);
      await db.update(scavengeRolls).set({ packed }).where(eq(scavengeRolls.id, row.id));
      return c.json({ id: scavengeRollId(last.day, bytesToHex(row.seed), last.nonce) });
    }
    const rows = await attacksRead(db, uid);
    const [fight] = fightsOf(rows)
      .filter((stored) => stored.rules > 0)
      .sort(newestFirst);
    const fightRow = fight && rows.find((candidate) => candidate.day === utcDay(fight.createdAt) && candidate.hashPrefix === fight.hashPrefix && candidate.clientSeed === fight.clientSeed);
    if (!fight || !fightRow) throw refuse(ERRORS.notFound);
    const entries = decodeFights(fightRow.packed).map((stored) => encodeFight(stored.nonce === fight.nonce ? { ...stored, rounds: alteredRounds(stored.rounds) } : stored));
    const packed = new Uint8Array(entries.reduce((length, entry) => length + entry.length, 0));
    entries.reduce((offset, entry) => (packed.set(entry, offset), offset + entry.length), 0);
    const key = [eq(fightDays.num, fightRow.num), eq(fightDays.day, fightRow.day), eq(fightDays.seedHashPrefix, hexToBytes(fightRow.hashPrefix)), eq(fightDays.clientSeed, fightRow.clientSeed)];
    await db.update(fightDays).set({ packed }).where(and(...key));
    return c.json({ id: fight.id });
  });

/** The first find one quality up (10 wraps to 1). */
function alteredFinds([first, ...rest]: LootRoll[]): LootRoll[] {
  return first ? [{ ...first, quality: (first.quality % 10) + 1 }, ...rest] : rest;
}

/** The first strike one damage more. */
function alteredRounds([first, ...rest]: FightRound[]): FightRound[] {
  return first ? [{ ...first, damage: first.damage + 1 }, ...rest] : rest;
}
