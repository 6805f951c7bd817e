/** What other features use of the arena: fights as stored, read from either side, and recorded (a spar is one). */
export { againstMe, attacksRead, defencesRead, fightRowsRead, fightsOf, newestFirst, numOf, recordFight, storedFight, toFight, type FightDayRow, type StoredFight } from './records';
export { fightDays } from './schema';
