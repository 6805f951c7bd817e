/** The guilds feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { CreateGuild, EmptyBody, GuildKick, GuildRoleChange } from '../schemas';
import { GuildListSchema, GuildPageSchema, MessageBodySchema } from '../wire';

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

export const GUILDS_API = {
  guilds: get('/api/guilds', GuildListSchema),
  createGuild: post<CreateGuild>()('/api/guilds', GuildPageSchema, [GUILDS_REFUSALS.alreadyInGuild, GUILDS_REFUSALS.guildNameTaken, GUILDS_REFUSALS.guildTagTaken]),
  guild: get('/api/guilds/:id', GuildPageSchema),
  joinGuild: post<EmptyBody>()('/api/guilds/:id/join', GuildPageSchema, [GUILDS_REFUSALS.alreadyInGuild, GUILDS_REFUSALS.guildFull]),
  acceptRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/accept', GuildPageSchema, [GUILDS_REFUSALS.guildFull, GUILDS_REFUSALS.officersOnly, GUILDS_REFUSALS.requestNotFound]),
  declineRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/decline', GuildPageSchema, [GUILDS_REFUSALS.officersOnly, GUILDS_REFUSALS.requestNotFound]),
  leaveGuild: post<EmptyBody>()('/api/guilds/:id/leave', MessageBodySchema, [GUILDS_REFUSALS.leaderMustHandOver]),
  kick: post<GuildKick>()('/api/guilds/:id/kick', GuildPageSchema, [GUILDS_REFUSALS.notAMember, GUILDS_REFUSALS.officersOnly, GUILDS_REFUSALS.outranked]),
  setRole: post<GuildRoleChange>()('/api/guilds/:id/roles', GuildPageSchema, [GUILDS_REFUSALS.leaderMustHandOver, GUILDS_REFUSALS.leaderOnly, GUILDS_REFUSALS.notAMember]),
} as const;
