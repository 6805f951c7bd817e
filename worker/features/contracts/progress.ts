/**
 * Contract progress rides in the batch of the intent that makes it (docs/design.md section 8.2): the intent's
 * feature says what happened (`ContractEvents`), and this adds one upsert per contract it moves, for the UTC
 * day of the commit. Progress never passes the target, so a burst of scavenges cannot overfill a row.
 */
import { sql } from 'drizzle-orm';
import { contractsAt, progressFrom, type ContractEvents } from '../../../game/rules/contracts';
import { utcDay } from '../../../game/rules/fight';
import type { Changes } from '../../core/changes';
import { contractProgress } from '../../core/db/schema';

export function withContractProgress(changes: Changes, events: ContractEvents): Changes {
  return {
    ...changes,
    effects: [
      ...(changes.effects ?? []),
      (db, { uid, now }) => {
        const contracts = contractsAt(uid, now);
        const day = utcDay(now);
        return [...progressFrom(contracts, events)].map(([slot, amount]) => {
          const target = contracts[slot]!.target;
          return db
            .insert(contractProgress)
            .values({ uid, day, slot, progress: Math.min(target, amount) })
            .onConflictDoUpdate({
              target: [contractProgress.uid, contractProgress.day, contractProgress.slot],
              set: { progress: sql`min(${target}, ${contractProgress.progress} + excluded.progress)` },
            });
        });
      },
    ],
  };
}
