/**
 * The timeout of a test that is CPU-bound (a property test of many runs, a many-round simulation): sized for a
 * two-core machine busy with other work, never for how fast this one is (docs/conventions.md section 4, issue #50).
 * At a load of 13 on two cores the slowest such test took 13 s; this leaves it more than four times that.
 */
export const CPU_BOUND_MS = 60_000;
