/**
 * What the fairness page says about one stored roll, decided in the browser from the revealed seed with the
 * server's own derivation (./fair.ts): nothing here asks the server whether it was honest. Here, not in the page's
 * folder, so the tests of the record (test/game, test/worker) check a roll with the page's own steps.
 */
import type { FairRoll } from '../wire';
import { isCheckableVersion, matches, recompute, seedHash, type StoredOutcome } from './fair';

export type Verdict =
  | { kind: 'verified'; recomputed: StoredOutcome }
  | { kind: 'mismatch'; recomputed: StoredOutcome; reason: string }
  | { kind: 'sealed' }
  | { kind: 'other-rules' };

export function verdictOf(roll: FairRoll): Verdict {
  const serverSeed = roll.revealedServerSeed;
  if (serverSeed === null) return { kind: 'sealed' };
  // A roll is replayed under the rules it was made with (docs/decisions/015-rules-that-teach.md).
  if (!isCheckableVersion(roll.rules)) return { kind: 'other-rules' };
  const seeds = { serverSeed, clientSeed: roll.clientSeed, nonce: roll.nonce };
  const recomputed = recompute(seeds, roll.outcome, roll.rules);
  if (seedHash(serverSeed) !== roll.serverSeedHash) return { kind: 'mismatch', recomputed, reason: 'The revealed seed does not hash to the hash you were shown before the roll.' };
  if (!matches(seeds, roll.outcome, roll.rules)) return { kind: 'mismatch', recomputed, reason: 'The revealed seed gives a different outcome from the one the server stored.' };
  return { kind: 'verified', recomputed };
}

/** Whether a revealed seed is the one whose hash was shown: checked when a rotation answers. */
export const revealsShownSeed = (revealedServerSeed: string, shownHash: string) => seedHash(revealedServerSeed) === shownHash;
