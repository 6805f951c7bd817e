/**
 * What /fairness concludes about a served roll, in the page's own steps (client/features/fairness/verdict.ts) with
 * the game's functions: the tests of the workerd and rules projects cannot load the client's modules.
 */
import { isCheckableVersion, matches, seedHash } from '../../game/rules/fair';
import type { FairRoll } from '../../game/wire';

export function verdictOf(roll: FairRoll): 'verified' | 'mismatch' | 'sealed' | 'other-rules' {
  const serverSeed = roll.revealedServerSeed;
  if (serverSeed === null) return 'sealed';
  if (!isCheckableVersion(roll.rules)) return 'other-rules';
  if (seedHash(serverSeed) !== roll.serverSeedHash) return 'mismatch';
  return matches({ serverSeed, clientSeed: roll.clientSeed, nonce: roll.nonce }, roll.outcome, roll.rules) ? 'verified' : 'mismatch';
}
