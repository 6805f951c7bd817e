/** A guild's ranks (docs/design.md section 7.2), compared the same way by the server and the client. */
import { GUILD_ROLES, type GuildRole } from './constants';

/** 0 for the leader, then officers, then members: lower is higher. */
export const roleRank = (role: GuildRole): number => GUILD_ROLES.indexOf(role);

/** The leader and officers: they answer requests to join and remove lower ranks. */
export const isOfficerOrHigher = (role: GuildRole): boolean => roleRank(role) <= roleRank('officer');
