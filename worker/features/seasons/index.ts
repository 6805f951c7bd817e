/** What other features use of seasons: the hook that scores trophies, the board, the payout and the medal shelf. */
export { seasonScoreHook } from './score';
export { guildSeasonScoreRead, medalsRead, parseSeasonBoard, seasonBoardReads, withMedalNames } from './board';
export { payoutSeason } from './payout';
export { afterSeasonPaid } from './paid';
export { seasonPrizes } from './schema';
