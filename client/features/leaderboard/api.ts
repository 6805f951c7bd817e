import type { Leaderboard, SeasonBoard } from '../../../game/wire';
import { api, API } from '../../lib/api';

export const leaderboardApi = {
  /** The spec's all-time board. */
  allTime: async (): Promise<Leaderboard> => {
    const board = await api.call(API.leaderboard, { query: { board: 'alltime' } });
    if ('board' in board) throw new Error('could not read the leaderboard');
    return board;
  },
  /** This month's board (docs/design.md section 8.4). */
  season: async (): Promise<SeasonBoard> => {
    const board = await api.call(API.leaderboard, { query: { board: 'season' } });
    if (!('board' in board)) throw new Error('could not read the season board');
    return board;
  },
  /** Guilds best score first (docs/design.md section 7.2): the same list /guilds shows unsearched. */
  guilds: () => api.call(API.guilds),
};
