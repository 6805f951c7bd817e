/**
 * Contract progress rides in the batch of the intent that makes it (docs/design.md section 8.2): a commit hook
 * (worker/core/commit-hooks.ts) reads what happened from the intent's events and adds one upsert per contract
 * it moves, for the UTC day of the commit. Progress never passes the target, so a burst of scavenges cannot
 * overfill a row.
 */
import { sql } from 'drizzle-orm';
import { rarityRank } from '../../../game/rules';
import { CONTRACT_RATING_SPREAD, contractsAt, progressFrom, type ContractEvents } from '../../../game/rules/contracts';
import { utcDay } from '../../../game/rules/fight';
import type { IntentEvent } from '../../core/changes';
import type { CommitHook } from '../../core/commit-hooks';
import { contractProgress } from './schema';

const count = (events: readonly IntentEvent[], kind: IntentEvent['kind']) => events.filter((event) => event.kind === kind).length;

/** The contracts' view of an intent's events. */
export function contractEventsOf(events: readonly IntentEvent[]): ContractEvents {
  return {
    scavengeEnergy: events.reduce((sum, event) => sum + (event.kind === 'scavenged' ? event.energy : 0), 0),
    takenQualities: events.flatMap((event) => (event.kind === 'took' ? event.qualities : [])),
    rareTrophies: events.filter((event) => event.kind === 'trophy' && rarityRank(event.rarity) >= rarityRank('rare')).length,
    // A win against a player near the attacker's rating counts toward the fight contract.
    closeWins: events.filter((event) => event.kind === 'fight-won' && event.ratingGap <= CONTRACT_RATING_SPREAD).length,
    crafts: count(events, 'crafted'),
  };
}

export const contractProgressHook: CommitHook = (events, { own }, { uid, now }) => {
  const contracts = contractsAt(uid, now);
  const day = utcDay(now);
  return [...progressFrom(contracts, contractEventsOf(events))].map(([slot, amount]) => {
    const target = contracts[slot]!.target;
    return own
      .insert(contractProgress)
      .values({ uid, day, slot, progress: Math.min(target, amount) })
      .onConflictDoUpdate({
        target: [contractProgress.uid, contractProgress.day, contractProgress.slot],
        set: { progress: sql`min(${target}, ${contractProgress.progress} + excluded.progress)` },
        // A contract already done writes nothing more today (D1 bills an update to the same value as a row written).
        setWhere: sql`${contractProgress.progress} < ${target}`,
      });
  });
};
