/** The players feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { UsernameBody } from '../schemas';
import { BoardSchema, MessageBodySchema, PlayerCardSchema, UsernameExistsSchema } from '../wire';

export const PLAYERS_REFUSALS = {
  adminAddressTakesAdminName: refusal(403, 'admin_address', 'adminAddressTakesAdminName'),
  usernameAlreadySet: refusal(409, 'username_already_set', 'usernameAlreadySet'),
  usernameTaken: refusal(409, 'username_taken', 'usernameTaken'),
} as const;

export const PLAYERS_API = {
  checkUsername: post<UsernameBody>()('/api/checkUsername', UsernameExistsSchema),
  setUsername: post<UsernameBody>()('/api/setUsername', MessageBodySchema, [PLAYERS_REFUSALS.adminAddressTakesAdminName, PLAYERS_REFUSALS.usernameAlreadySet, PLAYERS_REFUSALS.usernameTaken]),
  /** `?board=season|alltime`: all-time, the spec's board, when left out (docs/design.md section 8.4). */
  leaderboard: get('/api/leaderboard', BoardSchema),
  /** Another player's public card, by name (any case). */
  playerCard: get('/api/players/:username', PlayerCardSchema),
} as const;
