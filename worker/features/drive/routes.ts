/**
 * The guild Salvage Drive (docs/design.md section 8.6): the week's progress and top donors to read, and the two
 * intents of a member, decided in ./decide.ts.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { canClaimWeek, DRIVE_DONORS_SHOWN, driveTarget, weekStart } from '../../../game/rules/drive';
import { WEEK_MS } from '../../../game/time';
import { DonateSchema, EmptyBodySchema } from '../../../game/schemas';
import type { Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import { guildMembers, guilds, players } from '../../core/db/schema';
import { driveDonations } from './schema';
import { refuse } from '../../core/errors';
import type { AppEnv } from '../../core/env';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { toIntentResult } from '../../core/state';
import { claimersRead } from './claimers';
import { claim, donate, type ClaimContext, type Membership } from './decide';

const membershipRead = (db: Database, uid: string) => db.select().from(guildMembers).where(eq(guildMembers.uid, uid));
const weekOf = (guildId: string, week: number) => and(eq(driveDonations.guildId, guildId), eq(driveDonations.week, week));
const totalRead = (db: Database, guildId: string, week: number) =>
  db.select({ points: sql<number>`coalesce(sum(${driveDonations.points}), 0)` }).from(driveDonations).where(weekOf(guildId, week));
const sizeRead = (db: Database, guildId: string) => db.select({ n: count() }).from(guildMembers).where(eq(guildMembers.guildId, guildId));
const foundedRead = (db: Database, guildId: string) => db.select({ createdAt: guilds.createdAt }).from(guilds).where(eq(guilds.id, guildId));
const myDonationRead = (db: Database, guildId: string, week: number, uid: string) =>
  db.select().from(driveDonations).where(and(weekOf(guildId, week), eq(driveDonations.uid, uid)));

export const driveRoutes = new Hono<AppEnv>();

route(driveRoutes, API.drive, { guard: asPlayer }, async (c, { path: { id } }) => {
  const { uid } = c.var.player;
  const week = weekStart(Date.now());
  const [[guild], [total], [size], [claimers], donors, [mine], [membership], [me]] = await c.var.player.read((db) => [
    foundedRead(db, id),
    totalRead(db, id, week),
    sizeRead(db, id),
    claimersRead(db, id, week),
    db
      .select({ username: players.username, points: driveDonations.points })
      .from(driveDonations)
      .innerJoin(players, eq(players.uid, driveDonations.uid))
      .where(weekOf(id, week))
      .orderBy(desc(driveDonations.points))
      .limit(DRIVE_DONORS_SHOWN),
    myDonationRead(db, id, week, uid),
    membershipRead(db, uid),
    db.select({ driveClaimedWeek: players.driveClaimedWeek }).from(players).where(eq(players.uid, uid)),
  ] as const);
  if (!guild) throw refuse(ERRORS.guildNotFound);
  const member = membership?.guildId === id;
  const claimed = mine?.claimedAt != null;
  const claimedElsewhere = !claimed && me?.driveClaimedWeek === week;
  return {
    week,
    endsAt: week + WEEK_MS,
    target: driveTarget(claimers?.n ?? 0),
    points: total?.points ?? 0,
    members: size?.n ?? 0,
    donors,
    mine: member
      ? {
          points: mine?.points ?? 0,
          claimed,
          memberBeforeWeek: membership.joinedAt < week,
          claimedElsewhere,
          canClaim: canClaimWeek(membership.joinedAt, guild.createdAt, week) && !claimed && !claimedElsewhere,
        }
      : null,
  };
});

route(driveRoutes, API.donate, { guard: asPlayer, body: DonateSchema }, async (c, { body, path: { id } }) => {
  const { player } = c.var;
  const week = weekStart(Date.now());
  const context: Context<readonly [ReturnType<typeof membershipRead>], Membership | undefined> = {
    queries: (db) => [membershipRead(db, player.uid)] as const,
    parse: ([[membership]]) => membership,
  };
  return player.commitOwn(context, (state, now, membership) => donate(state, membership, id, body.itemIds, week, now), toIntentResult);
});

route(driveRoutes, API.claimDrive, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id } }) => {
  const { player } = c.var;
  // The week the claim was asked in, also at the stroke of Monday midnight.
  const week = weekStart(Date.now());
  const context: Context<
    readonly [
      ReturnType<typeof membershipRead>,
      ReturnType<typeof myDonationRead>,
      ReturnType<typeof totalRead>,
      ReturnType<typeof claimersRead>,
      ReturnType<typeof foundedRead>,
    ],
    ClaimContext
  > = {
    queries: (db) => [membershipRead(db, player.uid), myDonationRead(db, id, week, player.uid), totalRead(db, id, week), claimersRead(db, id, week), foundedRead(db, id)] as const,
    parse: ([[membership], [mine], [total], [claimers], [guild]]) => ({
      membership,
      mine,
      total: total?.points ?? 0,
      claimers: claimers?.n ?? 0,
      foundedAt: guild?.createdAt ?? 0,
    }),
  };
  return player.commitOwn(context, (state, now, drive) => claim(state, drive, id, week, now), toIntentResult);
});
