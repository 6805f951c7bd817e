/**
 * The week's end (docs/design.md section 9.5), run by the Cron every few minutes (./feature.ts): the
 * leagues of past weeks still unsettled are settled a page at a time, each page one D1 batch, so one
 * transaction, whatever the number of players. A page ranks its leagues (banned players left out, ties sharing
 * the better rank), moves each player's tier, writes a `league_prizes` row for each of the first three (never
 * over one written before), logs and pays the rows not yet paid, marks them paid, and marks its leagues
 * settled. A page that lost a race to a parallel run finds its leagues settled and does nothing; a retried Cron
 * goes on from the first league still unsettled. So every prize is paid once (docs/decisions/023-leagues.md).
 *
 * Plain D1 statements, like the season's payout: the ranking uses window functions in INSERT … SELECT.
 */
import { LEAGUE_PRIZES, LEAGUE_TIERS, tierName, weekOf } from '../../../game/rules/league';
import { movedTierSql } from './moves';
import { logRingSql } from '../../core/db/schema';

/** Leagues per page: up to 3,000 members, well inside one batch's limits. */
export const LEAGUE_PAGE = 100;

/** `?1` the current week, `?2` the page size: the oldest unsettled leagues of weeks before it. */
const PAGE = `select id, tier from leagues where week < ?1 and settled_at is null order by week, id limit ?2`;
const RANKED = `with page as (${PAGE}),
  ranked as (
    select m.week, m.uid, p.tier, rank() over (partition by p.id order by m.points desc) as rnk, count(*) over (partition by p.id) as n
    from page p join league_members m on m.league_id = p.id join users u on u.id = m.uid
    where u.banned_at is null
  )`;
const UNPAID = 'league_prizes.paid_at is null';
const LOG = logRingSql('p', 'x.n');
const PRIZE = `case rnk ${LEAGUE_PRIZES.map((cash, index) => `when ${index + 1} then ${cash}`).join(' ')} else 0 end`;
const tierNameSql = (column: string) => `case ${column} ${LEAGUE_TIERS.map((tier, index) => `when ${index} then '${tierName(tier)}'`).join(' ')} end`;

export function settleStatements(db: D1Database, now: number, page = LEAGUE_PAGE): D1PreparedStatement[] {
  const week = weekOf(now);
  return [
    // Oldest week first, so a player in two unsettled weeks ends in the later week's tier.
    db
      .prepare(
        `${RANKED} insert into league_tiers (uid, tier) select uid, ${movedTierSql('tier', 'rnk', 'n')} from ranked where true order by week
          on conflict (uid) do update set tier = excluded.tier`,
      )
      .bind(week, page),
    db
      .prepare(
        `${RANKED} insert into league_prizes (week, uid, tier, rank, cash, paid_at)
          select week, uid, tier, rnk, ${PRIZE}, null from ranked where rnk <= ${LEAGUE_PRIZES.length}
          on conflict (week, uid) do nothing`,
      )
      .bind(week, page),
    // The log lines first: they take the players' next line numbers, which the update below moves on.
    db
      .prepare(
        `insert into ${LOG.columns}
          select ${LOG.place}, 'league', ${tierNameSql('x.tier')} || ' league, week of ' || x.week || ': rank ' || x.rank || ', ' || x.cash || ' cash and the week''s ribbon.', null, ?1
          from (select *, row_number() over (partition by uid order by week) as n from league_prizes where ${UNPAID}) x join players p on p.uid = x.uid where true
          ${LOG.upsert}`,
      )
      .bind(now),
    // A new write token, so an intent that read the player before this commits nothing over the prize.
    db.prepare(
      `update players set cash = cash + (select sum(cash) from league_prizes where ${UNPAID} and league_prizes.uid = players.uid),
        log_seq = log_seq + (select count(*) from league_prizes where ${UNPAID} and league_prizes.uid = players.uid),
        write_token = lower(hex(randomblob(16)))
        where uid in (select uid from league_prizes where ${UNPAID})`,
    ),
    db.prepare(`update league_prizes set paid_at = ?1 where ${UNPAID}`).bind(now),
    db.prepare(`update leagues set settled_at = ?3 where id in (select id from (${PAGE}))`).bind(week, page, now),
  ];
}

/** Settles every past week's leagues, a page per batch; answers how many leagues this run settled (0 on a rerun). */
export async function settleLeagues(db: D1Database, now: number, page = LEAGUE_PAGE): Promise<number> {
  let settled = 0;
  for (;;) {
    const results = await db.batch(settleStatements(db, now, page));
    const changed = results[results.length - 1]?.meta.changes ?? 0;
    if (changed === 0) return settled;
    settled += changed;
  }
}
