// The market's buy under contention (docs/design.md section 8.5, ADR 019): one listing, `buyers` players
// pressing Buy at the same moment, `rounds` times. Exactly one may win each round; the figures are the
// buy's latency over every press (p50, p99) and its D1 round trips, the winner's and a refused buyer's, from the
// bench entry's X-Bench-D1 header. Beside it, the same players' profile read, one at a time, as the baseline.
import { agent, pool, request } from '../lib/http.mjs';
import { median, ratio, round, summarize } from '../lib/stats.mjs';

/** Enough XP for level 5 whatever the level curve: the fixture writes the level that follows from it. */
const TRADER_XP = 100_000;

async function asTrader(base, player, via) {
  for (const [path, body] of [['/dev/fixtures/xp', { xp: TRADER_XP }], ['/dev/fixtures/verified', {}], ['/dev/fixtures/gold', { gold: 1_000_000 }]]) {
    const res = await request(base, { method: 'POST', path, body, headers: { cookie: player.cookie }, agent: via });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
  }
}

const d1Calls = (res) => (typeof res.headers['x-bench-d1'] === 'string' ? JSON.parse(res.headers['x-bench-d1']).calls : null);

export async function marketContention({ base, players, buyers = 20, rounds = 5 }) {
  const [seller, ...crowd] = players.slice(0, buyers + 1);
  if (!seller || crowd.length < buyers) throw new Error(`the market bench needs ${buyers + 1} players`);
  const via = agent(buyers + 1);
  try {
    await pool(buyers + 1, 4, (i) => asTrader(base, [seller, ...crowd][i], via));
    const latencies = [];
    const winners = [];
    const [winnerTrips, loserTrips] = [[], []];
    for (let round = 0; round < rounds; round += 1) {
      const item = await request(base, { method: 'POST', path: '/dev/fixtures/item', body: { catalogId: 'feather', quality: 1 }, headers: { cookie: seller.cookie }, agent: via });
      if (item.status !== 200) throw new Error(`item fixture: ${item.status} ${item.body}`);
      const listed = await request(base, { method: 'POST', path: '/api/market/listings', body: { itemId: JSON.parse(item.body).id, price: 100 }, headers: { cookie: seller.cookie }, agent: via });
      if (listed.status !== 200) throw new Error(`listing: ${listed.status} ${listed.body}`);
      const { id } = JSON.parse(listed.body).listing;
      const answers = await Promise.all(
        crowd.map(async (buyer) => {
          const started = performance.now();
          const res = await request(base, { method: 'POST', path: `/api/market/listings/${id}/buy`, body: { price: 100 }, headers: { cookie: buyer.cookie }, agent: via });
          latencies.push(performance.now() - started);
          return res;
        }),
      );
      const won = answers.filter((res) => res.status === 200);
      winners.push(won.length);
      if (answers.some((res) => res.status !== 200 && res.status !== 404)) throw new Error(`a buy answered ${answers.find((res) => res.status !== 200 && res.status !== 404)?.status}`);
      for (const res of answers) (res.status === 200 ? winnerTrips : loserTrips).push(d1Calls(res));
    }
    // The baseline: a profile read by one player at a time.
    const reads = [];
    for (const buyer of crowd) {
      const started = performance.now();
      const res = await request(base, { path: `/api/users/${buyer.uid}`, headers: { cookie: buyer.cookie }, agent: via });
      if (res.status !== 200) throw new Error(`profile: ${res.status}`);
      reads.push(performance.now() - started);
    }
    const buy = summarize(latencies);
    const read = summarize(reads);
    return {
      buyers,
      rounds,
      winnersPerRound: winners,
      buyP50Ms: round(buy.p50),
      buyP99Ms: round(buy.p99),
      profileReadP50Ms: round(read.p50),
      buyP99VsRead: ratio(buy.p99, read.p50),
      roundTripsWinner: median(winnerTrips.filter((n) => n !== null)),
      roundTripsRefused: median(loserTrips.filter((n) => n !== null)),
    };
  } finally {
    via.destroy();
  }
}
