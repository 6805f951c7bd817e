import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentEnergy, ENERGY_CYCLE_MS, energyFullAt, spendEnergy } from '../../game/rules';

const MAX = 20;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0, 345);
const SECOND = 1000;

const energy = fc.integer({ min: 0, max: MAX });
const timestamp = fc.integer({ min: 0, max: 4_000_000_000_000 });
const duration = fc.integer({ min: 0, max: 50 * ENERGY_CYCLE_MS });

describe('currentEnergy', () => {
  it('stays at 20 with no countdown when full', () => {
    expect(currentEnergy(20, T0, T0 + 10 * ENERGY_CYCLE_MS)).toEqual({ energy: 20, secondsToNext: null });
  });

  it('counts down 120 seconds from the moment the cycle starts', () => {
    expect(currentEnergy(19, T0, T0)).toEqual({ energy: 19, secondsToNext: 120 });
    expect(currentEnergy(19, T0, T0 + 1)).toEqual({ energy: 19, secondsToNext: 120 });
    expect(currentEnergy(19, T0, T0 + SECOND)).toEqual({ energy: 19, secondsToNext: 119 });
    expect(currentEnergy(19, T0, T0 + ENERGY_CYCLE_MS - 1)).toEqual({ energy: 19, secondsToNext: 1 });
  });

  it('gains the point exactly when the countdown ends', () => {
    expect(currentEnergy(19, T0, T0 + ENERGY_CYCLE_MS)).toEqual({ energy: 20, secondsToNext: null });
    expect(currentEnergy(5, T0, T0 + ENERGY_CYCLE_MS)).toEqual({ energy: 6, secondsToNext: 120 });
  });

  it('refills from 0 to 20 in exactly 40 minutes', () => {
    expect(currentEnergy(0, T0, T0 + 40 * 60 * SECOND - 1)).toEqual({ energy: 19, secondsToNext: 1 });
    expect(currentEnergy(0, T0, T0 + 40 * 60 * SECOND)).toEqual({ energy: 20, secondsToNext: null });
  });

  it('treats a timestamp from the future as now', () => {
    expect(currentEnergy(3, T0 + 5 * SECOND, T0)).toEqual({ energy: 3, secondsToNext: 120 });
  });

  it('never exceeds 20 nor drops below 0', () => {
    fc.assert(
      fc.property(energy, timestamp, duration, (stored, at, elapsed) => {
        const now = currentEnergy(stored, at, at + elapsed);
        expect(now.energy).toBeGreaterThanOrEqual(0);
        expect(now.energy).toBeLessThanOrEqual(MAX);
        expect(now.energy).toBeGreaterThanOrEqual(stored);
      }),
    );
  });

  it('regenerates exactly one point per 120 seconds below the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX - 1 }), timestamp, fc.integer({ min: 1, max: MAX }), (stored, at, k) => {
        expect(currentEnergy(stored, at, at + k * ENERGY_CYCLE_MS - 1).energy).toBe(Math.min(MAX, stored + k - 1));
        expect(currentEnergy(stored, at, at + k * ENERGY_CYCLE_MS).energy).toBe(Math.min(MAX, stored + k));
      }),
    );
  });

  it('counts down exactly: the point arrives within the last of the announced seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX - 1 }), timestamp, duration, (stored, at, elapsed) => {
        const now = at + elapsed;
        const { energy: current, secondsToNext } = currentEnergy(stored, at, now);
        if (current === MAX) {
          expect(secondsToNext).toBeNull();
          return;
        }
        expect(secondsToNext).not.toBeNull();
        const seconds = secondsToNext ?? 0;
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(120);
        expect(currentEnergy(stored, at, now + (seconds - 1) * SECOND).energy).toBe(current);
        expect(currentEnergy(stored, at, now + seconds * SECOND).energy).toBe(current + 1);
      }),
    );
  });
});

describe('energyFullAt', () => {
  it('is when currentEnergy, run on from the same reading, first says full', () => {
    fc.assert(
      fc.property(energy, timestamp, fc.integer({ min: 0, max: ENERGY_CYCLE_MS - 1 }), (stored, storedAt, into) => {
        // A reading `into` the running cycle, rounded up to whole seconds as the server sends it.
        const readAt = storedAt + into;
        const { energy: seen, secondsToNext } = currentEnergy(stored, storedAt, readAt);
        const full = energyFullAt(seen, secondsToNext, readAt);
        if (full === null) {
          expect(seen).toBe(MAX);
          return;
        }
        expect(currentEnergy(stored, storedAt, full).energy).toBe(MAX);
        // Whole seconds of rounding at most: a second earlier, the server still has it short of full.
        expect(currentEnergy(stored, storedAt, full - SECOND).energy).toBeLessThan(MAX);
      }),
    );
  });
});

describe('spendEnergy', () => {
  it('restarts the countdown when spending from full', () => {
    const stored = spendEnergy(20, T0 - 3_600_000, T0, 1);
    expect(stored).toEqual({ energy: 19, energyAt: T0 });
    expect(currentEnergy(19, T0, T0 + 30 * SECOND)).toEqual({ energy: 19, secondsToNext: 90 });
  });

  it('restarts the countdown when energy had regenerated to full before the spend', () => {
    // 18 at T0 is full from T0 + 240 s; spending at T0 + 1000 s must not credit the idle time at full.
    expect(spendEnergy(18, T0, T0 + 1000 * SECOND, 2)).toEqual({ energy: 18, energyAt: T0 + 1000 * SECOND });
  });

  it('keeps the running countdown when spending below the maximum', () => {
    // 15 at T0; 150 s later: 16 and 90 s to the next point. After spending 1 the countdown still says 90 s.
    const stored = spendEnergy(15, T0, T0 + 150 * SECOND, 1);
    expect(stored).toEqual({ energy: 15, energyAt: T0 + ENERGY_CYCLE_MS });
    expect(currentEnergy(15, T0 + ENERGY_CYCLE_MS, T0 + 150 * SECOND)).toEqual({ energy: 15, secondsToNext: 90 });
  });

  it('refuses to spend more than the current energy', () => {
    expect(spendEnergy(0, T0, T0 + ENERGY_CYCLE_MS - 1, 1)).toBeNull();
    expect(spendEnergy(1, T0, T0, 2)).toBeNull();
    expect(spendEnergy(0, T0, T0 + ENERGY_CYCLE_MS, 1)).toEqual({ energy: 0, energyAt: T0 + ENERGY_CYCLE_MS });
  });

  it('rejects a negative or fractional cost', () => {
    expect(() => spendEnergy(10, T0, T0, -1)).toThrow(RangeError);
    expect(() => spendEnergy(10, T0, T0, 0.5)).toThrow(RangeError);
  });

  /**
   * Model: a second-by-second simulation of one player. Each second below 20 advances the cycle by one; the 120th
   * second adds a point and starts a new cycle; at 20 the cycle rests at 0. The lazily stored pair must agree
   * with it after any sequence of waits and spends, including its countdown.
   */
  it('agrees with a second-by-second simulation over any sequence of waits and spends', () => {
    const action = fc.oneof(
      fc.record({ wait: fc.integer({ min: 0, max: 400 }) }),
      fc.record({ spend: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(energy, fc.integer({ min: 0, max: 119 }), fc.array(action, { maxLength: 40 }), (start, progress, actions) => {
        let model = { energy: start, cycleSeconds: start === MAX ? 0 : progress };
        let now = T0;
        let stored = { energy: start, energyAt: T0 - model.cycleSeconds * SECOND };
        for (const step of actions) {
          if ('wait' in step) {
            for (let s = 0; s < step.wait; s += 1) {
              if (model.energy === MAX) continue;
              model.cycleSeconds += 1;
              if (model.cycleSeconds === 120) model = { energy: model.energy + 1, cycleSeconds: 0 };
            }
            now += step.wait * SECOND;
          } else {
            const next = spendEnergy(stored.energy, stored.energyAt, now, step.spend);
            if (step.spend > model.energy) {
              expect(next).toBeNull();
            } else {
              expect(next).not.toBeNull();
              if (next !== null) stored = next;
              model = { energy: model.energy - step.spend, cycleSeconds: model.cycleSeconds };
            }
          }
          expect(currentEnergy(stored.energy, stored.energyAt, now)).toEqual({
            energy: model.energy,
            secondsToNext: model.energy === MAX ? null : 120 - model.cycleSeconds,
          });
        }
      }),
    );
  });
});
