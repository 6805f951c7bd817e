import type { Leaderboard, SeasonBoard } from '../../../game/wire';
import { API } from '../../lib/api';
import { readOf } from '../../lib/query';

export const leaderboardApi = {
  /** The spec's all-time board. */
  allTime: readOf(API.leaderboard, { query: { board: 'alltime' } }, {
    as: 'all-time',
    from: (board): Leaderboard => {
      if ('board' in board) throw new Error('could not read the leaderboard');
      return board;
    },
  }),
  /** This month's board (docs/design.md section 8.4). */
  season: readOf(API.leaderboard, { query: { board: 'season' } }, {
    as: 'season',
    from: (board): SeasonBoard => {
      if (!('board' in board)) throw new Error('could not read the season board');
      return board;
    },
  }),
  /** The reader's weekly league (docs/design.md section 9.5). */
  league: readOf(API.league, {}),
  /** Guilds best score first (docs/design.md section 7.2): the same list, and read, as /guilds unsearched. */
  guilds: readOf(API.guilds, {}),
};
