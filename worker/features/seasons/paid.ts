/**
 * Who hears of a season's payout: the notifications push each winner's result (docs/design.md section 8.7). They
 * subscribe here rather than being called, since no feature calls the notifications (an ESLint rule holds this).
 */

/** Tells the players paid at `paidAt` for `season`; answers how many it told. */
export type SeasonPaidListener = (env: Env, season: string, paidAt: number) => Promise<number>;

const listeners: SeasonPaidListener[] = [];

export function afterSeasonPaid(listener: SeasonPaidListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Every listener, in turn; answers how many they told together. */
export async function tellSeasonPaid(env: Env, season: string, paidAt: number): Promise<number> {
  let told = 0;
  for (const listener of listeners) told += await listener(env, season, paidAt);
  return told;
}
