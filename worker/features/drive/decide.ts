/**
 * The Salvage Drive's intents as decisions (docs/design.md section 8.6): pure functions of the player's state, the
 * drive's rows read with it and the clock.
 *
 * A donation adds to the donor's own row of the week, never to a shared counter, so donors never contend. A claim
 * is decided twice: here on the rows read, and again inside its batch, where the row is marked claimed only while
 * the week's sum still meets the target of the members who can claim then, the claimer gave enough and can claim
 * (./claimers.ts). A guard aborts the batch otherwise (a member joining raised the target, say), and the engine
 * decides again on fresh rows, so a claim and the donation that completes the target are decided by what committed
 * first. The claim also writes the week on the player's row, which the player's write token serialises: one claim
 * a week in any guild, even after moving guilds.
 */
import { ERRORS } from '../../../game/api';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { canClaimWeek, DRIVE_CASH, DRIVE_CLAIM_POINTS, DRIVE_POINTS_PER_MEMBER, driveTarget, salvagePoints } from '../../../game/rules/drive';
import { changed, noChanges, type Changes } from '../../core/changes';
import { describeAll, ownItems, unique } from '../../core/decisions';
import { guildMembers } from '../../core/db/schema';
import { driveDonations } from './schema';
import { refuse } from '../../core/errors';
import { catalogueEntry, research, type GameState } from '../../core/state';
import { canClaimRow, claimersCount } from './claimers';

export type Membership = typeof guildMembers.$inferSelect;
export type Donation = typeof driveDonations.$inferSelect;

/**
 * What a claim is decided on: the claimer's membership and donation, the week's sum, how many members can claim,
 * and when the guild was founded.
 */
export interface ClaimContext {
  membership: Membership | undefined;
  mine: Donation | undefined;
  total: number;
  claimers: number;
  foundedAt: number;
}

function assertMember(membership: Membership | undefined, guildId: string): asserts membership is Membership {
  if (membership?.guildId !== guildId) throw refuse(ERRORS.notInThisGuild);
}

/** Destroys fully researched items of the inventory or duffel bag for salvage points in the week `week`. */
export function donate(state: GameState, membership: Membership | undefined, guildId: string, itemIds: readonly string[], week: number, now: number): Changes {
  assertMember(membership, guildId);
  const ids = unique(itemIds);
  if (ids.length === 0) throw refuse(ERRORS.nothingToDonate);
  const rows = ownItems(state, ids, ['inventory', 'duffel']);
  if (rows.some((row) => research(row, now) < 100)) throw refuse(ERRORS.mustBeResearched);
  const points = rows.reduce((sum, row) => sum + salvagePoints(catalogueEntry(row.catalogId).rarity, row.quality), 0);
  return {
    ...noChanges(),
    deleteItems: ids,
    log: { kind: 'guild', text: `Gave ${describeAll(rows)} to the Salvage Drive for ${points} points.` },
    // Its guildmates' drive bars move (docs/design.md section 9.11): ./progress.ts reads the new sum in the batch.
    events: [{ kind: 'donated', guildId, week }],
    effects: [
      ({ shared }, { uid }) => [
        shared
          .insert(driveDonations)
          .values({ week, guildId, uid, points, claimedAt: null })
          .onConflictDoUpdate({ target: [driveDonations.guildId, driveDonations.week, driveDonations.uid], set: { points: sql`${driveDonations.points} + ${points}` } }),
      ],
    ],
  };
}

/**
 * The week's reward: 10 cash, once a week in any guild, for a member who can claim (./claimers.ts) and gave 100
 * points, once the target is met. What no giving can change is said first.
 */
export function claim(state: GameState, context: ClaimContext, guildId: string, week: number, now: number): Changes {
  const { membership, mine, total, claimers, foundedAt } = context;
  assertMember(membership, guildId);
  if (mine?.claimedAt != null) throw refuse(ERRORS.driveClaimed);
  if (state.player.driveClaimedWeek === week) throw refuse(ERRORS.driveClaimedElsewhere);
  if (!canClaimWeek(membership.joinedAt, foundedAt, week)) throw refuse(ERRORS.driveJoinedLate);
  const target = driveTarget(claimers);
  if (total < target) throw refuse(ERRORS.driveNotMet, target - total);
  if (!mine || mine.points < DRIVE_CLAIM_POINTS) throw refuse(ERRORS.driveTooLittle, DRIVE_CLAIM_POINTS - (mine?.points ?? 0));
  const sum = sql`(SELECT coalesce(sum(${driveDonations.points}), 0) FROM ${driveDonations} WHERE ${driveDonations.guildId} = ${guildId} AND ${driveDonations.week} = ${week})`;
  const canClaim = sql`EXISTS (SELECT 1 FROM ${guildMembers} WHERE ${guildMembers.uid} = ${state.player.uid} AND ${guildMembers.guildId} = ${guildId} AND ${canClaimRow(guildId, week)})`;
  return {
    ...noChanges(),
    player: { cash: state.player.cash + DRIVE_CASH, driveClaimedWeek: week },
    log: { kind: 'guild', text: `Claimed ${DRIVE_CASH} cash from the Salvage Drive.` },
    effects: [
      ({ shared }, { uid }) => [
        shared
          .update(driveDonations)
          .set({ claimedAt: now })
          .where(
            and(
              eq(driveDonations.guildId, guildId),
              eq(driveDonations.week, week),
              eq(driveDonations.uid, uid),
              isNull(driveDonations.claimedAt),
              gte(driveDonations.points, DRIVE_CLAIM_POINTS),
              sql`${sum} >= ${DRIVE_POINTS_PER_MEMBER} * max(1, ${claimersCount(guildId, week)})`,
              canClaim,
            ),
          ),
      ],
      changed(1),
    ],
  };
}
