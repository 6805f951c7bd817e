/**
 * A change of one player's guild membership, as the statements that make it. It is always in that player's
 * own Changes (as an effect), so it rides on that player's claim (worker/core/commit.ts): two intents moving
 * one player never both commit, and `players.guild` is written with the membership it mirrors. What two
 * different players could race on (the last free place, a name, a guild disbanding while someone joins) is
 * checked again inside the batch by a guard (`guarded`), and a lost check decides again on fresh rows.
 */
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { GUILD_MAX_MEMBERS, type GuildRole } from '../../../game/constants';
import type { Effect } from '../../core/changes';
import { guildMembers, guilds, writeClaims } from '../../core/db/schema';
import type { SqlStore, Write } from '../../core/stores';
import { guildRequests } from './schema';

export type GuildRow = typeof guilds.$inferSelect;

/** A change of one player's membership, written in that player's batch. */
export type GuildWrite =
  | { kind: 'found'; guild: GuildRow }
  | { kind: 'enter'; guildId: string }
  | { kind: 'request'; guildId: string }
  | { kind: 'withdraw'; guildId: string }
  | { kind: 'exit'; guildId: string; disband: boolean }
  | { kind: 'role'; guildId: string; role: GuildRole };

/** Aborts the batch (as a lost claim, so the intent is decided again) unless `actual` counts `expected`. */
const guarded = (db: SqlStore, actual: SQL, expected: number) => db.insert(writeClaims).values({ claimed: sql`(${actual})`, expected });
const membersOf = (db: SqlStore, guildId: string) => db.select({ n: count() }).from(guildMembers).where(eq(guildMembers.guildId, guildId));

function membershipWrites(db: SqlStore, uid: string, write: GuildWrite, now: number): Write[] {
  const dropRequests = db.delete(guildRequests).where(eq(guildRequests.uid, uid));
  switch (write.kind) {
    case 'found': {
      const { name, tag } = write.guild;
      const taken = db
        .select({ n: count() })
        .from(guilds)
        .where(or(sql`lower(${guilds.name}) = lower(${name})`, sql`lower(${guilds.tag}) = lower(${tag})`));
      return [
        guarded(db, sql`${taken}`, 0),
        db.insert(guilds).values(write.guild),
        db.insert(guildMembers).values({ uid, guildId: write.guild.id, role: 'leader', joinedAt: now }),
        dropRequests,
      ];
    }
    case 'enter': {
      // Only while the guild exists and has a free place; the guard makes a refused insert abort the batch.
      const newcomer = db
        .select({ uid: sql<string>`${uid}`.as('uid'), guildId: guilds.id, role: sql<GuildRole>`'member'`.as('role'), joinedAt: sql<number>`${now}`.as('joined_at') })
        .from(guilds)
        .where(and(eq(guilds.id, write.guildId), sql`(${membersOf(db, write.guildId)}) < ${GUILD_MAX_MEMBERS}`));
      const entered = db.select({ n: count() }).from(guildMembers).where(and(eq(guildMembers.uid, uid), eq(guildMembers.guildId, write.guildId)));
      return [
        db.insert(guildMembers).select(newcomer).onConflictDoNothing(),
        guarded(db, sql`${entered}`, 1),
        dropRequests,
      ];
    }
    case 'request':
      return [db.insert(guildRequests).values({ guildId: write.guildId, uid, createdAt: now }).onConflictDoNothing()];
    case 'withdraw':
      return [db.delete(guildRequests).where(and(eq(guildRequests.guildId, write.guildId), eq(guildRequests.uid, uid)))];
    case 'exit': {
      const leave = db.delete(guildMembers).where(and(eq(guildMembers.uid, uid), eq(guildMembers.guildId, write.guildId)));
      // Disbanding only if nobody joined since the leaver saw themselves alone.
      return write.disband ? [leave, guarded(db, sql`${membersOf(db, write.guildId)}`, 0), db.delete(guilds).where(eq(guilds.id, write.guildId))] : [leave];
    }
    case 'role':
      return [db.update(guildMembers).set({ role: write.role }).where(and(eq(guildMembers.uid, uid), eq(guildMembers.guildId, write.guildId)))];
  }
}

/** The membership change as an effect of the player's intent. */
export const membership =
  (write: GuildWrite): Effect =>
  ({ shared }, { uid, now }) =>
    membershipWrites(shared, uid, write, now);
