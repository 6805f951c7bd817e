/** The guilds feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { CreateGuild, EmptyBody, GuildKick, GuildRoleChange } from '../schemas';
import { GuildListSchema, GuildPageSchema, MessageBodySchema } from '../wire';

export const GUILDS_API = {
  guilds: get('/api/guilds', GuildListSchema),
  createGuild: post<CreateGuild>()('/api/guilds', GuildPageSchema),
  guild: get('/api/guilds/:id', GuildPageSchema),
  joinGuild: post<EmptyBody>()('/api/guilds/:id/join', GuildPageSchema),
  acceptRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/accept', GuildPageSchema),
  declineRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/decline', GuildPageSchema),
  leaveGuild: post<EmptyBody>()('/api/guilds/:id/leave', MessageBodySchema),
  kick: post<GuildKick>()('/api/guilds/:id/kick', GuildPageSchema),
  setRole: post<GuildRoleChange>()('/api/guilds/:id/roles', GuildPageSchema),
} as const;

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
