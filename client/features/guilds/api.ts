import type { CreateGuild } from '../../../game/schemas';
import type { GuildRole } from '../../../game/constants';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Guilds (docs/design.md section 7.2): every intent but leaving answers the guild's page as the caller now sees it. */
export const guildsApi = {
  /** Best score first; `search` matches part of a name or a tag. */
  list: (search: string) => readOf(API.guilds, search ? { query: { q: search } } : {}),
  /** A guild's page as the reader sees it; every intent's answer but leaving's goes here. */
  guild: (id: string) => readOf(API.guild, { params: { id } }),
  create: (body: CreateGuild) => api.call(API.createGuild, { body }),
  /** Joins an open guild, or asks to join a closed one. */
  join: (id: string) => api.call(API.joinGuild, { params: { id } }),
  answer: (id: string, username: string, accept: boolean) => api.call(accept ? API.acceptRequest : API.declineRequest, { params: { id, username } }),
  leave: (id: string) => api.call(API.leaveGuild, { params: { id } }),
  kick: (id: string, username: string) => api.call(API.kick, { params: { id }, body: { username } }),
  setRole: (id: string, username: string, role: GuildRole) => api.call(API.setRole, { params: { id }, body: { username, role } }),
};
