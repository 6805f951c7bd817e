/** What other features use of verifiable rolls: the seeds a roll draws from, and the roll's record. */
export { firstSeeds, fightRoll, pruneRolls, scavengeRoll, scavengeSeedsOf, seedsOf, type ScavengeSeeds, type Seeds } from './seeds';
