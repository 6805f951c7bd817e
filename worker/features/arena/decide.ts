/**
 * The arena's intent (docs/design.md section 7.1) as a decision over two players' states: refuse with the design's
 * message, or describe what the fight changes for both and the fight to record. No I/O; the route commits it
 * with both players' write tokens (worker/core/commit.ts), so attacker and defender change together or not at all.
 */
import { ERRORS } from '../../../game/api';
import {
  defenceLost,
  FIGHT_ENERGY_COST,
  isRematch,
  lossesAfter,
  NO_FIGHT_GOLD,
  winGold,
  isUpset,
  protectionHoursLeft,
  ratingAfter,
  ratingChange,
  XP,
  type Fighter,
} from '../../../game/rules';
import { noChanges, type Changes } from '../../core/changes';
import { spend } from '../../core/decisions';
import { refuse } from '../../core/errors';
import { fighterStats, type GameState } from '../../core/state';
import { fightRoll, type Seeds } from '../fairness';
import { recordFight, storedFight, type StoredFight } from './records';

// The equipped totals and a tenth of the player's own trophies (docs/design.md section 9.6).
const fighterOf = (state: GameState): Fighter => fighterStats(state);

/**
 * What the fight changes for [attacker, defender], and the fight it records (an effect of the attacker's
 * changes, with the roll drawn from the attacker's seeds and what checking it needs, so the attacker can check it
 * from the fight's entry). Its id follows from its day, the attacker's number, seed and nonce, so a retry after a
 * lost race, which draws at the nonce then current, records a fight of its own id. `earlier`: when the two last
 * fought each other, either way round, as read with both states (a retry reads them again).
 */
export function decideFight(
  attacker: GameState,
  defender: GameState,
  now: number,
  { seeds, earlier }: { seeds: Seeds; earlier: readonly number[] },
): { changes: [Changes, Changes]; record: StoredFight } {
  const { recoveringUntil, protectedUntil } = defender.player;
  // A newcomer's protection wins over a recovery: it is the reason that lasts (docs/design.md section 9.10).
  if (protectedUntil > now) throw refuse(ERRORS.protectedFor, protectionHoursLeft(protectedUntil, now));
  if (recoveringUntil > now) throw refuse(ERRORS.recoveringFor, recoveringUntil - now);
  const spent = spend(attacker, now, FIGHT_ENERGY_COST);
  // Two accounts of one person would otherwise feed one another all day: only the day's first fight between them
  // pays. Both players are claimed by the commit, so two fights of the pair never both decide on an empty day.
  const rematch = isRematch(earlier, now);

  const a = fighterOf(attacker);
  const d = fighterOf(defender);
  const roll = fightRoll(seeds, a, d);
  const { winner, rounds } = roll.result;
  const won = winner === 'attacker';
  // A purse by the defender's level, half theirs within their savings rules and half minted (docs/design.md
  // section 10.1): decided on the defender's state read with the fight, and held under races by both claims.
  const { defencesLostDay, defencesGoldLost, firstWeekGoldLost, createdAt } = defender.player;
  const losses = { day: defencesLostDay, today: defencesGoldLost, firstWeek: firstWeekGoldLost };
  const pay = won && !rematch ? winGold(defender.player, losses, now) : NO_FIGHT_GOLD;
  const gold = pay.taken;
  const lossesNow = lossesAfter(losses, createdAt, pay.lost, now);
  const elo = ratingChange(attacker.player.rating, defender.player.rating, won);
  // Ratings never fall below 100 (docs/design.md section 8.1), so at the floor the two sides' changes need not
  // cancel out: each side's log states its own.
  const attackerRating = ratingAfter(attacker.player.rating, elo);
  const defenderRating = ratingAfter(defender.player.rating, -elo);
  const rating = attackerRating - attacker.player.rating;
  const defenderChange = defenderRating - defender.player.rating;
  const attackerXp = rematch ? 0 : won ? XP.fightWon : XP.fightLost;
  const defenderXp = rematch ? 0 : won ? XP.fightLost : XP.fightWon;
  // Only a lost defence protects; the third of a UTC day until 00:00 UTC (the commit's clock, never the client's).
  const loss = defenceLost({ day: defender.player.defencesLostDay, count: defender.player.defencesLost }, now);
  const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  // A rematch says so where the gold would be: the rating still ends each line.
  const again = rematch ? ' again today' : '';
  const taken = rematch ? 'no gold or XP' : `took ${gold} gold (${pay.lost} theirs, ${pay.minted} minted)`;
  const lostWords = rematch ? 'no gold or XP' : `took ${pay.lost} gold`;
  const lostStakes = rematch ? 'no gold or XP, ' : '';
  const record = storedFight(now, roll.checkable, {
    attackerNum: attacker.player.num,
    defenderNum: defender.player.num,
    attackerName: attacker.player.username,
    defenderName: defender.player.username,
    attacker: { attack: a.attack, defense: a.defense },
    defender: { attack: d.attack, defense: d.defense },
    winner,
    rounds,
    goldTaken: gold,
    goldMinted: pay.minted,
    ratingChange: rating,
    attackerXp,
    defenderXp,
    rematch,
  });
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
          // It ends a newcomer's protection the same way (section 9.10).
          recoveringUntil: 0,
          ...(attacker.player.protectedUntil !== 0 && { protectedUntil: 0 }),
          ...(won ? { wins: attacker.player.wins + 1 } : { losses: attacker.player.losses + 1 }),
          rollNonce: roll.nextNonce,
        },
        effects: [recordFight(record)],
        events: won ? [{ kind: 'fight-won', ratingGap: Math.abs(attacker.player.rating - defender.player.rating) }] : [],
        log: {
          kind: 'fight',
          rollId: record.id,
          text: won
            ? `Attacked ${defender.player.username}${again} and won: ${taken}, rating ${signed(rating)}.`
            : `Attacked ${defender.player.username}${again} and lost: ${lostStakes}rating ${signed(rating)}.`,
        },
      },
      {
        ...noChanges(),
        player: {
          gold: defender.player.gold - pay.lost,
          rating: defenderRating,
          xp: defender.player.xp + defenderXp,
          // A protection that ran out (or it would have refused) ends with the first fight: the arena's lists
          // find the defender by rating from now on (routes.ts).
          ...(protectedUntil !== 0 && { protectedUntil: 0 }),
          ...(won
            ? {
                losses: defender.player.losses + 1,
                recoveringUntil: loss.recoveringUntil,
                defencesLostDay: loss.lost.day,
                defencesLost: loss.lost.count,
                defencesGoldLost: lossesNow.today,
                firstWeekGoldLost: lossesNow.firstWeek,
              }
            : { wins: defender.player.wins + 1 }),
        },
        events: [
          {
            kind: 'attacked',
            fightId: record.id,
            attacker: attacker.player.username,
            attackerWon: won,
            // What the defender lost: the minted half came from no one.
            goldTaken: pay.lost,
            attackerRatingChange: rating,
            upset: won ? isUpset(a, d) : isUpset(d, a),
          },
        ],
        log: {
          kind: 'fight',
          text: won
            ? `${attacker.player.username} attacked you${again} and won: ${lostWords}, rating ${signed(defenderChange)}.`
            : `${attacker.player.username} attacked you${again} and lost: ${lostStakes}rating ${signed(defenderChange)}.`,
        },
      },
    ],
  };
}
