/**
 * The week's end (docs/design.md section 9.5), run by the Cron every few minutes (./feature.ts).
 * For the oldest past week still unsettled it reads how many joined each league (one row a league) and works out
 * the week's tables with game/rules/league.ts `leagueTables`: a short newest league ranked with the one before it,
 * a tier of few scorers ranked with the tier below. Then it settles whole tables a page at a time, each page one
 * D1 batch, so one transaction, whatever the number of players. A page ranks each table (banned players left out,
 * ties sharing the better rank), moves each player from their own tier by that rank, writes a `league_prizes` row
 * for each of the first three places among the players who qualify for a prize (never over one written before),
 * logs and pays the rows not yet paid, marks them paid, and marks its leagues settled. Every statement reads only
 * the page's leagues still unsettled, so a page that lost a race to a parallel run finds them settled and does
 * nothing, and a table is never split between two batches: every prize is paid once and every player moved once
 * (docs/decisions/023-leagues.md, 028-full-leagues.md).
 *
 * Plain D1 statements, like the season's payout: the ranking uses window functions in INSERT … SELECT.
 */
import { LEAGUE_PRIZES, LEAGUE_SIZE, LEAGUE_TIERS, leagueTables, PRIZE_POINTS, tierName, weekOf, type LeagueTable } from '../../../game/rules/league';
import { movedTierSql } from './moves';
import { logRingSql } from '../../core/db/schema';

/** Leagues per page: up to 3,000 members, well inside one batch's limits (a larger table is a page alone). */
export const LEAGUE_PAGE = 100;

/**
 * `?1` the current week, `?2` the page as JSON `[[league id, table, table's tier], …]`: its leagues of past weeks
 * still unsettled, each with its table.
 */
const PAGE = `select l.id, json_extract(j.value, '$[1]') as tbl, json_extract(j.value, '$[2]') as paying
  from json_each(?2) j join leagues l on l.id = json_extract(j.value, '$[0]') where l.week < ?1 and l.settled_at is null`;
/**
 * Each counted member of the page's tables: `rnk` their rank in the table (moves), `n` its size, `q` whether they
 * may win a prize (game/rules/league.ts `prizeQualifies`, from their row of the week before, read by its key) and
 * `place` their rank among those who may (`prizePlaces`).
 */
const RANKED = `with page as (${PAGE}),
  counted as (
    select m.week, m.uid, m.tier, m.points, p.tbl, p.paying,
      m.points >= ${PRIZE_POINTS} and coalesce((select b.points >= ${PRIZE_POINTS} and b.tier <= m.tier
        from league_members b where b.week = date(m.week, '-7 days') and b.uid = m.uid), 1) as q
    from page p join league_members m on m.league_id = p.id join users u on u.id = m.uid
    where u.banned_at is null
  ),
  ranked as (
    select week, uid, tier, paying, q, rank() over (partition by tbl order by points desc) as rnk, count(*) over (partition by tbl) as n,
      rank() over (partition by tbl, q order by points desc) as place
    from counted
  )`;
const UNPAID = 'league_prizes.paid_at is null';
const LOG = logRingSql('p', 'x.n');
/** game/rules/league.ts `leaguePrize` in SQL: the paying tier's prize for the place, times the table's share of a full one. */
const FULL_PRIZE = `case paying ${LEAGUE_PRIZES.map((row, tier) => `when ${tier} then case place ${row.map((cash, index) => `when ${index + 1} then ${cash}`).join(' ')} end`).join(' ')} end`;
const PRIZE = `max(1, (2 * ${FULL_PRIZE} * min(n, ${LEAGUE_SIZE}) + ${LEAGUE_SIZE}) / ${2 * LEAGUE_SIZE})`;
const tierNameSql = (column: string) => `case ${column} ${LEAGUE_TIERS.map((tier, index) => `when ${index} then '${tierName(tier)}'`).join(' ')} end`;

export function settleStatements(db: D1Database, now: number, tables: readonly LeagueTable[]): D1PreparedStatement[] {
  const week = weekOf(now);
  const page = JSON.stringify(tables.flatMap((table, index) => table.leagues.map((id) => [id, index, table.tier])));
  return [
    // Each player from their own tier, by their place in the table.
    db
      .prepare(
        `${RANKED} insert into league_tiers (uid, tier) select uid, ${movedTierSql('tier', 'rnk', 'n')} from ranked where true order by week
          on conflict (uid) do update set tier = excluded.tier`,
      )
      .bind(week, page),
    // The first three places among those who qualify; the ribbon names the tier whose table paid it.
    db
      .prepare(
        `${RANKED} insert into league_prizes (week, uid, tier, rank, cash, paid_at)
          select week, uid, paying, place, ${PRIZE}, null from ranked where q and place <= 3
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

/** Whole tables, in order, up to `size` leagues a page (a larger table makes a page alone). */
function pages(tables: readonly LeagueTable[], size: number): LeagueTable[][] {
  const out: LeagueTable[][] = [];
  let current: LeagueTable[] = [];
  let leagues = 0;
  for (const table of tables) {
    if (current.length > 0 && leagues + table.leagues.length > size) {
      out.push(current);
      current = [];
      leagues = 0;
    }
    current.push(table);
    leagues += table.leagues.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

interface LeagueRow {
  id: number;
  tier: number;
  players: number;
  settled: number;
}

/**
 * Settles every past week's leagues, oldest week first (so a player in two unsettled weeks ends in the later
 * week's tier), a page per batch; answers how many leagues this run settled (0 on a rerun or a lost race).
 */
export async function settleLeagues(db: D1Database, now: number, page = LEAGUE_PAGE): Promise<number> {
  let settled = 0;
  for (;;) {
    const oldest = await db.prepare('select week from leagues where week < ?1 and settled_at is null order by week, id limit 1').bind(weekOf(now)).first<{ week: string }>();
    if (!oldest) return settled;
    // One row a league: the tables need every league of the week, settled or not, with how many joined it.
    const { results } = await db
      .prepare('select l.id, l.tier, (select count(*) from league_members m where m.league_id = l.id) as players, l.settled_at is not null as settled from leagues l where l.week = ?1')
      .bind(oldest.week)
      .all<LeagueRow>();
    const open = new Set(results.filter((row) => !row.settled).map((row) => row.id));
    // A table settles whole; only leagues settled before tables existed can leave part of one, and the rest is ranked as one.
    const tables = leagueTables(results)
      .map((table) => ({ ...table, leagues: table.leagues.filter((id) => open.has(id)) }))
      .filter((table) => table.leagues.length > 0);
    for (const chunk of pages(tables, page)) {
      const answers = await db.batch(settleStatements(db, now, chunk));
      settled += answers[answers.length - 1]?.meta.changes ?? 0;
    }
  }
}
