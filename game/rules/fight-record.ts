/**
 * A fight's rounds as the `fights` row stores them (docs/decisions/014-bounded-costs.md, "Storage"): the starting
 * HP, then each strike as its side's letter and its damage, `100:a12d7a15`. The HP after each strike follow from
 * those (a strike takes its damage off the other side, never below 0), so they are not stored: about 40 bytes a
 * fight instead of about 500 as JSON. Rows written as JSON before this read back as they were.
 */
import type { Round } from './fight';

export function packRounds(rounds: readonly Round[]): string {
  const first = rounds[0];
  // The HP both sides started with: the first striker's, which its own strike leaves as it was.
  const start = first === undefined ? 0 : first.by === 'attacker' ? first.attackerHp : first.defenderHp;
  return `${start}:${rounds.map((round) => `${round.by === 'attacker' ? 'a' : 'd'}${round.damage}`).join('')}`;
}

export function unpackRounds(stored: string): Round[] {
  if (stored.startsWith('[')) return JSON.parse(stored) as Round[];
  const [start, strikes = ''] = stored.split(':');
  let attackerHp = Number(start);
  let defenderHp = attackerHp;
  return [...strikes.matchAll(/([ad])(\d+)/g)].map(([, side, damage]) => {
    const by = side === 'a' ? 'attacker' : 'defender';
    if (by === 'attacker') defenderHp = Math.max(0, defenderHp - Number(damage));
    else attackerHp = Math.max(0, attackerHp - Number(damage));
    return { by, damage: Number(damage), attackerHp, defenderHp };
  });
}
