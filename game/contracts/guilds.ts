/** The guilds feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const GUILDS_REFUSALS = {
  alreadyInGuild: refusal(400, 'already_in_guild', 'alreadyInGuild'),
  guildFull: refusal(400, 'guild_full', 'guildFull'),
  leaderMustHandOver: refusal(400, 'leader_must_hand_over', 'leaderMustHandOver'),
  leaderOnly: refusal(403, 'leader_only', 'leaderOnly'),
  officersOnly: refusal(403, 'officers_only', 'officersOnly'),
  outranked: refusal(403, 'forbidden', 'outranked'),
  notAMember: refusal(404, 'not_a_member', 'notAMember'),
  requestNotFound: refusal(404, 'request_not_found', 'requestNotFound'),
  guildNameTaken: refusal(409, 'guild_name_taken', 'guildNameTaken'),
  guildTagTaken: refusal(409, 'guild_tag_taken', 'guildTagTaken'),
} as const;
