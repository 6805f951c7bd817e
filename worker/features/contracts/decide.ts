/**
 * The contracts' reads and the claim decisions (docs/design.md section 8.2). A claim is a one-player intent:
 * two tabs claiming at once both decide on the same write token, one commits, and the other is decided again
 * on fresh rows and hears 'Already claimed.' (worker/core/commit.ts). The day is the commit's.
 */
import { ERRORS } from '../../../game/api';
import { and, eq, gte } from 'drizzle-orm';
import {
  BONUS_REWARD,
  bonusContracts,
  contractsAt,
  contractsResetAt,
  contractText,
  CONTRACTS_PER_DAY,
  researchFinishedToday,
  STREAK_CASH,
  streakAfterBonus,
  streakOn,
  type ContractTerms,
} from '../../../game/rules/contracts';
import { utcDay } from '../../../game/rules/fight';
import type { Contracts } from '../../../game/wire';
import { noChanges, type Changes } from '../../core/changes';
import type { Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import type { Stores, WriteAt } from '../../core/stores';
import { contractProgress } from './schema';
import { refuse } from '../../core/errors';
import { catalogueEntry, type GameState } from '../../core/state';
import { DAY_MS } from '../../../game/time';

/** The bonus's row: the slot after the contracts'. */
export const BONUS_SLOT = CONTRACTS_PER_DAY;

type ProgressRow = typeof contractProgress.$inferSelect;

/**
 * The player's rows from yesterday on: the day is decided at the commit, which may fall after midnight when
 * the read was before it.
 */
export function progressRead(db: Database, uid: string) {
  return db
    .select()
    .from(contractProgress)
    .where(and(eq(contractProgress.uid, uid), gte(contractProgress.day, utcDay(Date.now()) - 1)));
}

export const progressContext = (uid: string): Context<[ReturnType<typeof progressRead>], ProgressRow[]> => ({
  queries: (db) => [progressRead(db, uid)],
  parse: ([rows]) => rows,
});

/** Today's row of a slot, if any. */
const rowOf = (rows: readonly ProgressRow[], day: number, slot: number) => rows.find((row) => row.day === day && row.slot === slot);

/** A contract's progress: counted by the intents, or for research, measured on the items (game/rules/contracts.ts). */
function progressOf(state: GameState, contract: ContractTerms, row: ProgressRow | undefined, now: number): number {
  if (contract.kind !== 'research') return row?.progress ?? 0;
  const owned = state.items.map((item) => ({ ...item, rarity: catalogueEntry(item.catalogId).rarity }));
  return Math.min(contract.target, researchFinishedToday(owned, state.player.uid, now));
}

/** What GET /api/contracts answers. */
export function contractsView(state: GameState, rows: readonly ProgressRow[], now: number): Contracts {
  const day = utcDay(now);
  return {
    day: new Date(day * DAY_MS).toISOString().slice(0, 10),
    resetsAt: contractsResetAt(now),
    streak: streakOn(state.player.streak, state.player.streakDay, day),
    contracts: contractsAt(state.player.uid, now).map((contract) => {
      const row = rowOf(rows, day, contract.slot);
      return { ...contract, progress: progressOf(state, contract, row, now), claimedAt: row?.claimedAt ?? null };
    }),
    bonusClaimedAt: rowOf(rows, day, BONUS_SLOT)?.claimedAt ?? null,
  };
}

/** Marks a slot claimed in the intent's batch (research's row may not exist yet). */
function markClaimed(changes: Omit<Changes, 'log'>, slot: number, progress: number) {
  return [
    ...(changes.effects ?? []),
    ({ own }: Stores, { uid, now }: WriteAt) => [
      own
        .insert(contractProgress)
        .values({ uid, day: utcDay(now), slot, progress, claimedAt: now })
        .onConflictDoUpdate({ target: [contractProgress.uid, contractProgress.day, contractProgress.slot], set: { claimedAt: now } }),
    ],
  ];
}

export function claimContract(state: GameState, rows: readonly ProgressRow[], slot: number, now: number): Changes {
  const day = utcDay(now);
  const contract = contractsAt(state.player.uid, now)[slot];
  if (!contract) throw refuse(ERRORS.contractNotFinished);
  const row = rowOf(rows, day, slot);
  if (row?.claimedAt) throw refuse(ERRORS.alreadyClaimed);
  const progress = progressOf(state, contract, row, now);
  if (progress < contract.target) throw refuse(ERRORS.contractNotFinished);
  const { player } = state;
  const base = noChanges();
  return {
    ...base,
    player: { cash: player.cash + contract.reward.cash, gold: player.gold + contract.reward.gold },
    effects: markClaimed(base, slot, progress),
    log: { kind: 'contract', text: `Contract done: ${contractText(contract)} (+${rewardText(contract.reward)}).` },
  };
}

export function claimBonus(state: GameState, rows: readonly ProgressRow[], now: number): Changes {
  const day = utcDay(now);
  if (rowOf(rows, day, BONUS_SLOT)?.claimedAt) throw refuse(ERRORS.alreadyClaimed);
  // A craft day asks for the other two (docs/design.md section 9.8).
  const asked = bonusContracts(contractsAt(state.player.uid, now));
  if (!asked.every((contract) => rowOf(rows, day, contract.slot)?.claimedAt)) throw refuse(ERRORS.contractNotFinished);
  const { player } = state;
  const { streak, weekDone } = streakAfterBonus(player.streak, player.streakDay, day);
  const reward = { cash: BONUS_REWARD.cash + (weekDone ? STREAK_CASH : 0), gold: BONUS_REWARD.gold };
  const base = noChanges();
  return {
    ...base,
    player: { cash: player.cash + reward.cash, gold: player.gold + reward.gold, streak, streakDay: day },
    effects: markClaimed(base, BONUS_SLOT, 0),
    log: { kind: 'contract', text: `${asked.length === CONTRACTS_PER_DAY ? 'All three' : 'Both'} contracts done, day ${streak} in a row (+${rewardText(reward)}).` },
  };
}

function rewardText({ cash, gold }: { cash: number; gold: number }): string {
  return [cash > 0 ? `${cash} cash` : null, gold > 0 ? `${gold} gold` : null].filter(Boolean).join(', ');
}
