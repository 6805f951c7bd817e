/**
 * A spar (docs/design.md section 10.2) as a decision over the player's state: refuse with the design's message, or
 * describe what it changes and the fight to record. The dummy follows the player's fight power now
 * (game/rules/sparring.ts); the roll is the player's next verifiable fight roll, so it is checked like any fight, and
 * the record keeps the dummy's stats, so the replay verifies whatever the player's level later. A win mints its gold
 * and says `fight-won` (the arena's event, which the fight contract counts); nothing else moves: no rating, no record
 * of wins, no board, no protection and no recovery.
 */
import { SPARRING_DUMMY_NAME, SPARRING_DUMMY_NUM, SPARRING_ENERGY_COST, sparringDummy, sparringPays, type Fighter } from '../../../game/rules';
import type { Sparring } from '../../../game/wire';
import { noChanges, type Changes } from '../../core/changes';
import { spend } from '../../core/decisions';
import { fighterStats, type GameState } from '../../core/state';
import { recordFight, storedFight, type StoredFight } from '../arena';
import { fightRoll, type Seeds } from '../fairness';

/** The player's fight stats and the dummy they spar with now. */
function sides(state: GameState): { me: Fighter; dummy: Fighter } {
  const me = fighterStats(state);
  return { me, dummy: sparringDummy(me) };
}

/** What the sparring screen shows before a spar: its cost, the dummy, and what a win pays. */
export function sparringView(state: GameState): Sparring {
  const { dummy } = sides(state);
  return { energy: SPARRING_ENERGY_COST, dummy: { ...dummy, power: dummy.attack + dummy.defense }, pays: sparringPays(state.player.level) };
}

export function decideSpar(state: GameState, now: number, seeds: Seeds): { changes: Changes; record: StoredFight } {
  const spent = spend(state, now, SPARRING_ENERGY_COST);
  const { me, dummy } = sides(state);
  const roll = fightRoll(seeds, me, dummy);
  const won = roll.result.winner === 'attacker';
  const pays = won ? sparringPays(state.player.level) : { xp: 0, gold: 0 };
  const record = storedFight(now, roll.checkable, {
    attackerNum: state.player.num,
    defenderNum: SPARRING_DUMMY_NUM,
    attackerName: state.player.username,
    defenderName: SPARRING_DUMMY_NAME,
    attacker: me,
    defender: dummy,
    winner: roll.result.winner,
    rounds: roll.result.rounds,
    // All of it minted: nobody loses to a dummy.
    goldTaken: pays.gold,
    goldMinted: pays.gold,
    ratingChange: 0,
    attackerXp: pays.xp,
    defenderXp: 0,
    rematch: false,
  });
  return {
    record,
    changes: {
      ...noChanges(),
      player: { ...spent, gold: state.player.gold + pays.gold, xp: state.player.xp + pays.xp, rollNonce: roll.nextNonce },
      effects: [recordFight(record)],
      // The fight contract counts a won spar (docs/design.md section 10.2); a dummy has no rating to be far from.
      events: won ? [{ kind: 'fight-won', ratingGap: 0 }] : [],
      log: {
        kind: 'fight',
        rollId: record.id,
        text: won ? `Sparred with the ${SPARRING_DUMMY_NAME.toLowerCase()} and won: +${pays.gold} gold, +${pays.xp} XP.` : `Sparred with the ${SPARRING_DUMMY_NAME.toLowerCase()} and lost.`,
      },
    },
  };
}
