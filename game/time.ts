/** Lengths of time in milliseconds, as Date.now() counts: one place, so no file spells a day its own way. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
