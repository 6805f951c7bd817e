/**
 * The guild Salvage Drive (docs/design.md section 8.6): each week, from Monday 00:00 UTC, a guild's members
 * destroy researched items for salvage points towards a target of 1,000 points for each member who can claim.
 * Once the target is met, each such member who gave at least 100 points claims 10 cash, once a week in any guild.
 * A member can claim who was in the guild before the week began, or any member in the week the guild was founded
 * (so a new guild's drive pays in its first week).
 */
import { trophyPoints } from './trophy';

export const DRIVE_POINTS_PER_MEMBER = 1_000;
/** Points a member must give in the week to claim. */
export const DRIVE_CLAIM_POINTS = 100;
export const DRIVE_CASH = 10;
/** How many donors the drive shows, the most points first. */
export const DRIVE_DONORS_SHOWN = 10;

/** An item's salvage: 2^tier × quality, the points it would score in a trophy case. */
export const salvagePoints = trophyPoints;

/**
 * The target for this many members who can claim, never below one member's share: a member who cannot claim this
 * week does not raise it.
 */
export const driveTarget = (claimers: number) => DRIVE_POINTS_PER_MEMBER * Math.max(1, claimers);

/** Whether a member who joined at `joinedAt` can claim the drive of the week starting `week` in a guild founded at `foundedAt`. */
export const canClaimWeek = (joinedAt: number, foundedAt: number, week: number) => joinedAt < week || foundedAt >= week;

/** The start of the drive week holding `now`: the Monday 00:00 UTC at or before it (unix ms). */
export function weekStart(now: number): number {
  const day = new Date(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
}
