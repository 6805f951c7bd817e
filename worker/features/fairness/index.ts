/** What other features use of verifiable rolls: the seeds a roll draws from, and the roll's record. */
export { asRollRow, firstSeeds, fightRoll, rollRowsOf, scavengeRoll, scavengeSeedsOf, seedsOf, type ScavengeSeeds, type Seeds } from './seeds';
export { fairSeeds, scavengeRolls } from './schema';
