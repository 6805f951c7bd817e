/** What other features use of the arena: fights as stored, read from either side. */
export { againstMe, attacksRead, defencesRead, fightRowsRead, fightsOf, newestFirst, numOf, type FightDayRow, type StoredFight } from './records';
export { fightDays } from './schema';
