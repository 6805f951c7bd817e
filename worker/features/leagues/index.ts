/** Weekly leagues (docs/design.md section 9.5): the hook that joins and scores, the route, the Cron, the ribbons. */
export { leagueScoreHook } from './join';
export { leagueRoutes } from './routes';
export { settleLeagues } from './settle';
export { ribbonsRead, toRibbons } from './board';
