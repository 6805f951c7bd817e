/**
 * Who can claim a guild's drive of a week (docs/design.md section 8.6), in SQL: a member from before the week
 * began, or any member in the week the guild was founded (game/rules/drive.ts `canClaimWeek`). The read, the
 * claim's decision and the claim's batch count the target's members with the same words.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client';
import { guildMembers, guilds } from '../../core/db/schema';

/** A `guild_members` row of `guildId` that can claim the week's drive (a gone guild founds nothing). */
export const canClaimRow = (guildId: string, week: number) =>
  sql`(${guildMembers.joinedAt} < ${week} OR (SELECT ${guilds.createdAt} FROM ${guilds} WHERE ${guilds.id} = ${guildId}) >= ${week})`;

/** How many of the guild's members can claim the week's drive: the target counts them. */
export const claimersRead = (db: Database, guildId: string, week: number) =>
  db.select({ n: count() }).from(guildMembers).where(and(eq(guildMembers.guildId, guildId), canClaimRow(guildId, week)));

/** The same count inside a batch, for the claim's guard. */
export const claimersCount = (guildId: string, week: number) =>
  sql`(SELECT count(*) FROM ${guildMembers} WHERE ${guildMembers.guildId} = ${guildId} AND ${canClaimRow(guildId, week)})`;
