/**
 * Energy (docs/spec.md section 4 "Energy", docs/design.md section 3): +1 every 120 s while below 20, computed lazily from a stored
 * (energy, energyAt) pair, so no timer or cron is needed. All times are unix milliseconds.
 *
 * energyAt is the start of the current regeneration cycle: while below the maximum, a point arrives at
 * energyAt + 120 s, + 240 s, ... At the maximum it has no meaning until energy is spent again.
 */
import { ENERGY_CYCLE_SECONDS, MAX_ENERGY } from '../constants';

export const ENERGY_CYCLE_MS = ENERGY_CYCLE_SECONDS * 1000;

export interface EnergyNow {
  energy: number;
  /** Whole seconds until the next point (1..120, rounded up); null at the maximum, where the UI shows '(max)'. */
  secondsToNext: number | null;
}

export interface StoredEnergy {
  energy: number;
  energyAt: number;
}

/** Energy now and the start of the running cycle (null at the maximum, where no cycle runs). */
function regenerate(storedEnergy: number, storedAt: number, now: number): { energy: number; cycleStart: number | null } {
  // Stored values outside 0..MAX are never produced by these rules; clamping keeps the invariant regardless.
  const stored = Math.min(Math.max(storedEnergy, 0), MAX_ENERGY);
  if (stored === MAX_ENERGY) return { energy: MAX_ENERGY, cycleStart: null };
  // A timestamp from the future (clock skew between instances) counts as now rather than stalling regeneration.
  const start = Math.min(storedAt, now);
  const gained = Math.floor((now - start) / ENERGY_CYCLE_MS);
  const energy = Math.min(MAX_ENERGY, stored + gained);
  return { energy, cycleStart: energy < MAX_ENERGY ? start + gained * ENERGY_CYCLE_MS : null };
}

export function currentEnergy(storedEnergy: number, storedAt: number, now: number): EnergyNow {
  const { energy, cycleStart } = regenerate(storedEnergy, storedAt, now);
  const secondsToNext = cycleStart === null ? null : Math.ceil((cycleStart + ENERGY_CYCLE_MS - now) / 1000);
  return { energy, secondsToNext };
}

/**
 * The pair to store after spending `cost` at `now`, or null when there is not enough energy. Below the maximum
 * the running cycle's phase is kept (spending never delays a point already under way); at the maximum no cycle
 * was running, so one starts now.
 */
export function spendEnergy(storedEnergy: number, storedAt: number, now: number, cost: number): StoredEnergy | null {
  if (!Number.isInteger(cost) || cost < 0) throw new RangeError(`Energy cost must be a non-negative integer, got ${cost}`);
  const { energy, cycleStart } = regenerate(storedEnergy, storedAt, now);
  if (cost > energy) return null;
  return { energy: energy - cost, energyAt: cycleStart ?? now };
}

/**
 * When energy read as (`energy`, `secondsToNext`) at `readAt` reaches the maximum, on the clock of `readAt`;
 * null when it already has. For clients, which see energy and its countdown rather than the stored pair.
 */
export function energyFullAt(energy: number, secondsToNext: number | null, readAt: number): number | null {
  return secondsToNext === null || energy >= MAX_ENERGY ? null : energyAt(energy, secondsToNext, readAt, MAX_ENERGY);
}

/**
 * When energy read as (`energy`, `secondsToNext`) at `readAt` reaches `needed` (at most the maximum), on the
 * clock of `readAt`: what a screen says of an action that waits for energy ("enough in 1 m 20 s").
 */
export function energyAt(energy: number, secondsToNext: number | null, readAt: number, needed: number): number {
  if (energy >= needed) return readAt;
  return readAt + ((secondsToNext ?? ENERGY_CYCLE_SECONDS) + (Math.min(needed, MAX_ENERGY) - energy - 1) * ENERGY_CYCLE_SECONDS) * 1000;
}
