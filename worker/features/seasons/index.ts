/** What other features use of seasons: the score a trophy adds, the board, the payout and the medal shelf. */
export { withSeasonScore, type SeasonTrophy } from './score';
export { guildSeasonScoreRead, medalsRead, parseSeasonBoard, seasonBoardReads, withMedalNames } from './board';
export { payoutSeason } from './payout';
