/**
 * The fight of rules version 1 (docs/decisions/013-verifiable-rolls.md), frozen: fights stored under it are
 * still recomputed with it on /fairness for as long as their rolls are kept (30 days). Never edit: a change
 * here would call an honest stored fight a mismatch. The live fight is ./fight.ts
 * (docs/decisions/015-rules-that-teach.md says what changed and why).
 *
 * Version 1: both at 100 HP, the attacker strikes first, 10 strikes at most, a strike does
 * 18 × roll × attack / (attack + defense) with a base of 10 on both stats and roll uniform in [0.5, 1.5].
 */
import { randomInt, type RandomSource } from './random';
import type { Fighter, FightResult, Round, Side } from './fight';

const V1_HP = 100;
const V1_MAX_ROUNDS = 10;
const V1_HIT = 18;
const V1_STAT_BASE = 10;

function strike(hitter: Fighter, target: Fighter, rolled: number): number {
  const attack = Math.max(0, hitter.attack) + V1_STAT_BASE;
  const defense = Math.max(0, target.defense) + V1_STAT_BASE;
  return Math.round((V1_HIT * rolled * attack) / (attack + defense));
}

/** Version 1's fight with these draws. */
export function fightV1(attacker: Fighter, defender: Fighter, src: RandomSource): FightResult {
  const rolls = Array.from({ length: V1_MAX_ROUNDS }, () => 0.5 + randomInt(src, 1001) / 1000);
  const rounds: Round[] = [];
  let attackerHp = V1_HP;
  let defenderHp = V1_HP;
  for (const [index, rolled] of rolls.entries()) {
    if (attackerHp === 0 || defenderHp === 0) break;
    const by: Side = index % 2 === 0 ? 'attacker' : 'defender';
    const damage = by === 'attacker' ? strike(attacker, defender, rolled) : strike(defender, attacker, rolled);
    if (by === 'attacker') defenderHp = Math.max(0, defenderHp - damage);
    else attackerHp = Math.max(0, attackerHp - damage);
    rounds.push({ by, damage, attackerHp, defenderHp });
  }
  return { winner: attackerHp > defenderHp ? 'attacker' : 'defender', rounds };
}
