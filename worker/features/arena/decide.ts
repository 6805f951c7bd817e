/**
 * The arena's intent (docs/design.md section 7.1) as a decision over two players' states: refuse with the design's
 * message, or describe what the fight changes for both and the fight to record. No I/O; the route commits it
 * with both players' write tokens (worker/core/commit.ts), so attacker and defender change together or not at all.
 */
import { MSG } from '../../../game/messages';
import {
  defenceLost,
  FIGHT_ENERGY_COST,
  goldTaken,
  isUpset,
  ratingAfter,
  ratingChange,
  XP,
  type Fighter,
} from '../../../game/rules';
import { noChanges, type Changes } from '../../core/changes';
import { spend } from '../../core/decisions';
import { ApiError } from '../../core/errors';
import { fights } from '../../core/db/schema';
import type { FightRow, GameState } from '../../core/state';
import { fightRoll, type Seeds } from '../fairness';

const fighterOf = (state: GameState): Fighter => ({ attack: state.player.totalAttack, defense: state.player.totalDefense });

/**
 * What the fight changes for [attacker, defender], and the fight it records (an effect of the attacker's
 * changes, with the roll drawn from the attacker's seeds, so the attacker can check it).
 */
export function decideFight(attacker: GameState, defender: GameState, now: number, seeds: Seeds, id: string): { changes: [Changes, Changes]; record: FightRow } {
  const { recoveringUntil } = defender.player;
  if (recoveringUntil > now) throw new ApiError(409, 'recovering', MSG.recoveringFor(recoveringUntil - now));
  const spent = spend(attacker, now, FIGHT_ENERGY_COST);

  const a = fighterOf(attacker);
  const d = fighterOf(defender);
  const roll = fightRoll(seeds, id, a, d);
  const { winner, rounds } = roll.result;
  const won = winner === 'attacker';
  // Gold above the defender's protected 50 + 10 × level only (docs/design.md section 8.1).
  const gold = won ? goldTaken(defender.player.gold, defender.player.level) : 0;
  const elo = ratingChange(attacker.player.rating, defender.player.rating, won);
  // Ratings never fall below 100 (docs/design.md section 8.1), so at the floor the two sides' changes need not
  // cancel out: each side's log states its own.
  const attackerRating = ratingAfter(attacker.player.rating, elo);
  const defenderRating = ratingAfter(defender.player.rating, -elo);
  const rating = attackerRating - attacker.player.rating;
  const defenderChange = defenderRating - defender.player.rating;
  const attackerXp = won ? XP.fightWon : XP.fightLost;
  const defenderXp = won ? XP.fightLost : XP.fightWon;
  // Only a lost defence protects; the third of a UTC day until 00:00 UTC (the commit's clock, never the client's).
  const loss = defenceLost({ day: defender.player.defencesLostDay, count: defender.player.defencesLost }, now);
  const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  const record: FightRow = {
    id,
    attackerUid: attacker.player.uid,
    defenderUid: defender.player.uid,
    attacker: attacker.player.username,
    defender: defender.player.username,
    attackerStats: [a.attack, a.defense],
    defenderStats: [d.attack, d.defense],
    winner,
    rounds,
    goldTaken: gold,
    ratingChange: rating,
    attackerXp,
    defenderXp,
    createdAt: now,
  };
  return {
    record,
    changes: [
      {
        ...noChanges(),
        player: {
          ...spent,
          gold: attacker.player.gold + gold,
          rating: attackerRating,
          xp: attacker.player.xp + attackerXp,
          // Attacking ends the attacker's own recovery, and losing an attack gives none: protection is for
          // those who were attacked, never a shield to attack from (hardening 3; docs/design.md section 8.1).
          recoveringUntil: 0,
          ...(won ? { wins: attacker.player.wins + 1 } : { losses: attacker.player.losses + 1 }),
        },
        effects: [(db) => [db.insert(fights).values(record)], roll.record],
        events: won ? [{ kind: 'fight-won', ratingGap: Math.abs(attacker.player.rating - defender.player.rating) }] : [],
        log: {
          kind: 'fight',
          rollId: id,
          text: won
            ? `Attacked ${defender.player.username} and won: took ${gold} gold, rating ${signed(rating)}.`
            : `Attacked ${defender.player.username} and lost: rating ${signed(rating)}.`,
        },
      },
      {
        ...noChanges(),
        player: {
          gold: defender.player.gold - gold,
          rating: defenderRating,
          xp: defender.player.xp + defenderXp,
          ...(won
            ? { losses: defender.player.losses + 1, recoveringUntil: loss.recoveringUntil, defencesLostDay: loss.lost.day, defencesLost: loss.lost.count }
            : { wins: defender.player.wins + 1 }),
        },
        events: [
          {
            kind: 'attacked',
            fightId: id,
            attacker: attacker.player.username,
            attackerWon: won,
            goldTaken: gold,
            attackerRatingChange: rating,
            upset: won ? isUpset(a, d) : isUpset(d, a),
          },
        ],
        log: {
          kind: 'fight',
          text: won
            ? `${attacker.player.username} attacked you and won: took ${gold} gold, rating ${signed(defenderChange)}.`
            : `${attacker.player.username} attacked you and lost: rating ${signed(defenderChange)}.`,
        },
      },
    ],
  };
}
