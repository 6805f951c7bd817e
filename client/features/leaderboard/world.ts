/** The live world's board moves (docs/design.md section 9.11): the board that moved is read again. */
import { API } from '../../lib/api';
import type { WorldHandlers } from '../../lib/feature';

export const world: WorldHandlers = {
  'board-moved': ({ board }, stale) => stale.add(board === 'league' ? API.league : API.leaderboard),
};
