/**
 * The season's payout (docs/design.md section 8.4), run by the daily Cron on the 1st for the month before: one
 * D1 batch, so one transaction. Its first statement ranks the season's board (banned players left out, ties
 * sharing the better rank) and writes a `season_prizes` row for each player with a prize, never over one written
 * before; the next log and pay only the rows not yet paid, then mark them paid. A second run, or a Cron retried
 * after a failure, finds every row paid and pays nothing.
 *
 * Plain D1 statements: the ranking needs window functions over an INSERT … SELECT, which drizzle's batch does not
 * take as raw SQL. The columns are the ones ./schema.ts declares.
 */
import { catalogueById } from '../../../game/rules/catalogue';
import { SEASON_PRIZES, SEASON_TROPHIES_FOR_PRIZE, seasonMedal, seasonName } from '../../../game/rules/season';
import { logRingSql } from '../../core/db/schema';

/** Ranks within the top 1 % and 10 % of a board of n: ceil(n × p / 100), at least 1 (lastRankWithin). */
const RANK_PRIZE = `(case when rnk <= max(1, (n + 99) / 100) then ?1 when rnk <= max(1, (n * 10 + 99) / 100) then ?2 else 0 end)`;
/** The 30 trophies' cash, counted from the season's row, which counts only trophies that scored. */
const PRIZE = `(${RANK_PRIZE} + case when trophies >= ?3 then ?4 else 0 end)`;

const UNPAID = 'season_prizes.season = ?5 and season_prizes.paid_at is null';
const LOG = logRingSql('p', '1');

export function payoutStatements(db: D1Database, season: string, now: number): D1PreparedStatement[] {
  const medal = seasonMedal(season);
  const line = `Season ${seasonName(season)}: rank `;
  const medalText = ` and the ${catalogueById(medal)?.name ?? medal}`;
  const prizes = [SEASON_PRIZES.top1, SEASON_PRIZES.top10, SEASON_TROPHIES_FOR_PRIZE, SEASON_PRIZES.trophies, season] as const;
  return [
    db
      .prepare(
        `insert into season_prizes (season, uid, rank, points, cash, medal, paid_at)
          select ?5, uid, rnk, points, ${PRIZE}, case when ${RANK_PRIZE} > 0 then ?6 else '' end, null from (
            select s.uid, s.points, s.trophies, rank() over (order by s.points desc) as rnk, count(*) over () as n
            from season_scores s join users u on u.id = s.uid
            where s.season = ?5 and s.points > 0 and u.banned_at is null
          ) where ${PRIZE} > 0
          on conflict (season, uid) do nothing`,
      )
      .bind(...prizes, medal),
    // The log lines first (one a player: a season pays each once): they take the players' next line numbers, which
    // the update below moves on.
    db
      .prepare(
        `insert into ${LOG.columns}
          select ${LOG.place}, 'season', ?6 || season_prizes.rank || ', ' || season_prizes.cash || ' cash' || case when season_prizes.medal = '' then '' else ?7 end || '.', null, ?8
          from season_prizes join players p on p.uid = season_prizes.uid where ${UNPAID}
          ${LOG.upsert}`,
      )
      .bind(...prizes, line, medalText, now),
    // A new write token, so an intent that read the player before this commits nothing over the prize.
    db
      .prepare(
        `update players set cash = cash + (select cash from season_prizes where ${UNPAID} and season_prizes.uid = players.uid),
          log_seq = log_seq + 1,
          write_token = lower(hex(randomblob(16)))
          where uid in (select uid from season_prizes where ${UNPAID})`,
      )
      .bind(...prizes),
    db.prepare(`update season_prizes set paid_at = ?6 where ${UNPAID}`).bind(...prizes, now),
  ];
}

/** Pays `season` once; answers how many players this run paid (0 on every run after the first). */
export async function payoutSeason(db: D1Database, season: string, now: number): Promise<number> {
  const [, , paid] = await db.batch(payoutStatements(db, season, now));
  return paid?.meta.changes ?? 0;
}
