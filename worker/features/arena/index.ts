/** What other features use of the arena: fights as stored, read from either side, and their prune. */
export { againstMe, attacksRead, defencesRead, fightRowsRead, fightsOf, newestFirst, numOf, pruneFights, type FightDayRow, type StoredFight } from './records';
