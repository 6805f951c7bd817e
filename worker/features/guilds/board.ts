/**
 * The guild board (docs/design.md section 7.2): guilds by their members' trophy scores, best first. Summing every
 * guild's members on each read walked every member of every guild (~400,000 rows at 100,000 players), so the Cron
 * keeps each guild's score and member count on its row every 5 minutes, as it keeps the rank marks
 * (docs/decisions/014-bounded-costs.md): the board reads its 50 rows from the guilds_board index. A search matches
 * names, so it still reads every guild, and sums the members of the guilds it finds live.
 */
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client';
import { guildMembers, guilds, players } from '../../core/db/schema';

/** The board and a search answer at most this many guilds. */
const GUILDS_LISTED = 50;

/** A banned member's trophies count for no board (hardening 3; players.banned copies the account's ban). */
const memberScore = sql<number>`coalesce(sum(CASE WHEN ${players.banned} = 0 THEN ${players.trophyCaseScore} ELSE 0 END), 0)`;

/** The board: the best guilds as of the last refresh, in the guilds_board index's order. */
export function guildBoardRead(db: Database) {
  return db
    .select({ id: guilds.id, name: guilds.name, tag: guilds.tag, open: guilds.open, members: guilds.members, score: guilds.score })
    .from(guilds)
    .orderBy(desc(guilds.score), asc(guilds.name))
    .limit(GUILDS_LISTED);
}

/** Guilds whose name or tag contains `search` (lower case), scored live; the guild of that whole name first. */
export function searchRead(db: Database, search: string) {
  return db
    .select({ id: guilds.id, name: guilds.name, tag: guilds.tag, open: guilds.open, members: count(guildMembers.uid), score: memberScore })
    .from(guilds)
    .leftJoin(guildMembers, eq(guildMembers.guildId, guilds.id))
    .leftJoin(players, eq(players.uid, guildMembers.uid))
    .where(sql`instr(lower(${guilds.name}), ${search}) > 0 or instr(lower(${guilds.tag}), ${search}) > 0`)
    .groupBy(guilds.id)
    // So a player always finds their own guild by name, however many others contain it.
    .orderBy(desc(sql`lower(${guilds.name}) = ${search}`), desc(memberScore), asc(guilds.name))
    .limit(GUILDS_LISTED);
}

/**
 * The Cron's refresh (every 5 minutes): every guild's score and member count summed again, written only where they
 * moved (rows written cost a thousand times rows read). One pass over the members; a guild left without members is
 * disbanded by its last member's exit, so it has no row to refresh.
 */
export function refreshGuildBoard(db: Database) {
  const summed = db
    .select({ guildId: guildMembers.guildId, score: memberScore.as('score'), members: count().as('members') })
    .from(guildMembers)
    .innerJoin(players, eq(players.uid, guildMembers.uid))
    .groupBy(guildMembers.guildId)
    .as('summed');
  // The subquery's columns by their qualified names: unqualified, `score` and `members` are the guild's too.
  const [score, members] = [sql.raw('"summed"."score"'), sql.raw('"summed"."members"')];
  return db
    .update(guilds)
    .set({ score: sql`${score}`, members: sql`${members}` })
    .from(summed)
    .where(sql`${guilds.id} = ${summed.guildId} and (${guilds.score}, ${guilds.members}) is not (${score}, ${members})`);
}
