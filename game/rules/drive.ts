/**
 * The guild Salvage Drive (docs/design.md section 8.6): each week, from Monday 00:00 UTC, a guild's members
 * destroy researched items for salvage points towards a target of 1,000 points a member. Once the target is met,
 * each member who gave at least 100 points and was a member before the week began claims 10 cash, once.
 */
import { trophyPoints } from './trophy';

export const DRIVE_POINTS_PER_MEMBER = 1_000;
/** Points a member must give in the week to claim. */
export const DRIVE_CLAIM_POINTS = 100;
export const DRIVE_CASH = 10;
/** How many donors the drive shows, the most points first. */
export const DRIVE_DONORS_SHOWN = 10;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** An item's salvage: 2^tier × quality, the points it would score in a trophy case. */
export const salvagePoints = trophyPoints;

/** The target of a guild of this many members. */
export const driveTarget = (members: number) => DRIVE_POINTS_PER_MEMBER * members;

/** The start of the drive week holding `now`: the Monday 00:00 UTC at or before it (unix ms). */
export function weekStart(now: number): number {
  const day = new Date(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
}
