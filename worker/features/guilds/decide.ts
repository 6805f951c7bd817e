/**
 * Guilds (docs/design.md section 7.2) as decisions, like every feature's: given the players' states and the
 * guild's rows, refuse with the message or describe the changes; membership changes are effects
 * (./membership.ts) in the moved player's own Changes.
 */
import { ERRORS } from '../../../game/api';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { GUILD_MAX_MEMBERS, GUILD_PRICE, type GuildRole } from '../../../game/constants';
import { isOfficerOrHigher, roleRank } from '../../../game/guild-roles';
import type { CreateGuild } from '../../../game/schemas';
import type { GuildPage } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { guildMembers, guilds, players } from '../../core/db/schema';
import { guildRequests } from './schema';
import { refuse } from '../../core/errors';
import type { Context } from '../../core/commit';
import { noChanges, type Changes } from '../../core/changes';
import type { GameState } from '../../core/state';
import { membership, type GuildRow } from './membership';

export interface GuildMemberRow {
  uid: string;
  username: string;
  role: GuildRole;
  level: number;
  trophyCaseScore: number;
}

/** What a guild intent decides on besides the players: the guild, its members and requests, and where the players are. */
export interface GuildContext {
  guild: GuildRow | null;
  members: GuildMemberRow[];
  requests: { uid: string; username: string }[];
  /** The guild each of the intent's players is in, if any. */
  memberships: { uid: string; guildId: string }[];
}

const memberFields = {
  uid: guildMembers.uid,
  username: players.username,
  role: guildMembers.role,
  level: players.level,
  trophyCaseScore: players.trophyCaseScore,
};

export function guildContext(guildId: string, uids: readonly string[]) {
  return {
    queries: (db: Database) =>
      [
        db.select().from(guilds).where(eq(guilds.id, guildId)),
        db.select(memberFields).from(guildMembers).innerJoin(players, eq(players.uid, guildMembers.uid)).where(eq(guildMembers.guildId, guildId)),
        db
          .select({ uid: guildRequests.uid, username: players.username })
          .from(guildRequests)
          .innerJoin(players, eq(players.uid, guildRequests.uid))
          .where(eq(guildRequests.guildId, guildId))
          .orderBy(guildRequests.createdAt),
        db.select({ uid: guildMembers.uid, guildId: guildMembers.guildId }).from(guildMembers).where(inArray(guildMembers.uid, [...uids])),
      ] as const,
    parse: ([[guild], members, requests, memberships]): GuildContext => ({ guild: guild ?? null, members, requests, memberships }),
  } satisfies Context<readonly BatchItem<'sqlite'>[], GuildContext>;
}

/** For founding a guild: where the founder is, and any guild already using the name or tag. */
export function foundingContext(uid: string, body: CreateGuild) {
  return {
    queries: (db: Database) =>
      [
        db.select({ uid: guildMembers.uid, guildId: guildMembers.guildId }).from(guildMembers).where(eq(guildMembers.uid, uid)),
        db
          .select({ name: guilds.name, tag: guilds.tag })
          .from(guilds)
          .where(or(sql`lower(${guilds.name}) = lower(${body.name})`, sql`lower(${guilds.tag}) = lower(${body.tag})`)),
      ] as const,
    parse: ([memberships, clashes]) => ({ inGuild: memberships.length > 0, clashes }),
  } satisfies Context<readonly BatchItem<'sqlite'>[], unknown>;
}

const log = (text: string): Changes['log'] => ({ kind: 'guild', text });
const named = (guild: Pick<GuildRow, 'name' | 'tag'>) => `${guild.name} [${guild.tag}]`;

/** `guild` without its board figures: the founder's score and one member are its first (the Cron keeps them after). */
export function found(
  state: GameState,
  body: CreateGuild,
  context: { inGuild: boolean; clashes: { name: string; tag: string }[] },
  guild: Omit<GuildRow, 'score' | 'members'>,
): Changes {
  if (context.inGuild) throw refuse(ERRORS.alreadyInGuild);
  const lower = (text: string) => text.toLowerCase();
  if (context.clashes.some((clash) => lower(clash.name) === lower(body.name))) throw refuse(ERRORS.guildNameTaken, body.name);
  if (context.clashes.some((clash) => lower(clash.tag) === lower(body.tag))) throw refuse(ERRORS.guildTagTaken, body.tag);
  if (state.player.gold < GUILD_PRICE) throw refuse(ERRORS.notEnoughGold);
  return {
    ...noChanges(),
    player: { gold: state.player.gold - GUILD_PRICE, guild: guild.name },
    effects: [membership({ kind: 'found', guild: { ...guild, score: state.player.trophyCaseScore, members: 1 } })],
    log: log(`Founded ${named(guild)} for ${GUILD_PRICE} gold.`),
  };
}

/** The guild, or 404. */
function existing(context: GuildContext): GuildRow {
  if (!context.guild) throw refuse(ERRORS.guildNotFound);
  return context.guild;
}

const membershipOf = (context: GuildContext, uid: string) => context.memberships.find((entry) => entry.uid === uid);

export function join(state: GameState, context: GuildContext): Changes {
  const guild = existing(context);
  if (membershipOf(context, state.player.uid)) throw refuse(ERRORS.alreadyInGuild);
  if (!guild.open) return { ...noChanges(), effects: [membership({ kind: 'request', guildId: guild.id })], log: log(`Asked to join ${named(guild)}.`) };
  if (context.members.length >= GUILD_MAX_MEMBERS) throw refuse(ERRORS.guildFull);
  return { ...noChanges(), player: { guild: guild.name }, effects: [membership({ kind: 'enter', guildId: guild.id })], log: log(`Joined ${named(guild)}.`) };
}

/** The caller as a member of this guild, or 403 with why. */
function memberRole(context: GuildContext, uid: string): GuildRole {
  const me = context.members.find((member) => member.uid === uid);
  if (!me) throw refuse(ERRORS.notInThisGuild);
  return me.role;
}

function officer(context: GuildContext, uid: string) {
  const role = memberRole(context, uid);
  if (!isOfficerOrHigher(role)) throw refuse(ERRORS.officersOnly);
  return role;
}

function memberNamed(context: GuildContext, uid: string): GuildMemberRow {
  const member = context.members.find((entry) => entry.uid === uid);
  if (!member) throw refuse(ERRORS.notAMember);
  return member;
}

/** The leader or an officer answers a request to join: [the caller's changes, the requester's]. */
export function answerRequest([caller, requester = caller]: GameState[], context: GuildContext, accept: boolean): Changes[] {
  if (!caller || !requester) throw refuse(ERRORS.notFound);
  const guild = existing(context);
  officer(context, caller.player.uid);
  if (!context.requests.some((request) => request.uid === requester.player.uid)) throw refuse(ERRORS.requestNotFound);
  const who = requester.player.username;
  if (!accept) {
    return [
      { ...noChanges(), log: log(`Declined ${who}'s request to join ${named(guild)}.`) },
      { ...noChanges(), effects: [membership({ kind: 'withdraw', guildId: guild.id })], log: log(`Your request to join ${named(guild)} was declined.`) },
    ];
  }
  if (context.members.length >= GUILD_MAX_MEMBERS) throw refuse(ERRORS.guildFull);
  return [
    { ...noChanges(), log: log(`Accepted ${who} into ${named(guild)}.`) },
    { ...noChanges(), player: { guild: guild.name }, effects: [membership({ kind: 'enter', guildId: guild.id })], log: log(`Joined ${named(guild)}.`) },
  ];
}

export function leave(state: GameState, context: GuildContext): { changes: Changes; disbanded: boolean } {
  const guild = existing(context);
  const role = memberRole(context, state.player.uid);
  const disbanded = context.members.length === 1;
  if (role === 'leader' && !disbanded) throw refuse(ERRORS.leaderMustHandOver);
  return {
    disbanded,
    changes: {
      ...noChanges(),
      player: { guild: '' },
      effects: [membership({ kind: 'exit', guildId: guild.id, disband: disbanded })],
      log: log(disbanded ? `Left ${named(guild)}, which was disbanded.` : `Left ${named(guild)}.`),
    },
  };
}

/** [the caller's changes, the kicked member's]. Only a higher rank may remove a member. */
export function kick([caller, target = caller]: GameState[], context: GuildContext): Changes[] {
  if (!caller || !target) throw refuse(ERRORS.notFound);
  const guild = existing(context);
  const role = officer(context, caller.player.uid);
  const member = memberNamed(context, target.player.uid);
  if (roleRank(member.role) <= roleRank(role)) throw refuse(ERRORS.outranked);
  return [
    { ...noChanges(), log: log(`Removed ${member.username} from ${named(guild)}.`) },
    { ...noChanges(), player: { guild: '' }, effects: [membership({ kind: 'exit', guildId: guild.id, disband: false })], log: log(`You were removed from ${named(guild)} by ${caller.player.username}.`) },
  ];
}

/** The leader sets a member's role; making someone leader hands the lead over (the old leader becomes an officer). */
export function setRole(states: GameState[], context: GuildContext, role: GuildRole): Changes[] {
  const [caller, target] = states;
  if (!caller) throw refuse(ERRORS.notFound);
  const guild = existing(context);
  if (memberRole(context, caller.player.uid) !== 'leader') throw refuse(ERRORS.leaderOnly);
  // The leader naming themselves: only "leader" again, which changes nothing.
  if (!target) {
    if (role !== 'leader') throw refuse(ERRORS.leaderMustHandOver);
    return [{ ...noChanges(), log: log(`Stayed leader of ${named(guild)}.`) }];
  }
  const member = memberNamed(context, target.player.uid);
  const handOver = role === 'leader';
  return [
    {
      ...noChanges(),
      effects: handOver ? [membership({ kind: 'role', guildId: guild.id, role: 'officer' })] : [],
      log: log(handOver ? `Handed the lead of ${named(guild)} to ${member.username}.` : `Made ${member.username} ${role} of ${named(guild)}.`),
    },
    { ...noChanges(), effects: [membership({ kind: 'role', guildId: guild.id, role })], log: log(`${caller.player.username} made you ${role} of ${named(guild)}.`) },
  ];
}

/** A guild's page as the caller sees it; requests only for the leader and officers. */
export function toGuildPage(context: GuildContext, uid: string, requested: boolean, online: ReadonlySet<string>, seasonScore: number): GuildPage {
  const guild = existing(context);
  const members = [...context.members].sort(
    (a, b) => roleRank(a.role) - roleRank(b.role) || b.trophyCaseScore - a.trophyCaseScore || a.username.localeCompare(b.username),
  );
  const myRole = members.find((member) => member.uid === uid)?.role ?? null;
  return {
    guild: {
      id: guild.id,
      name: guild.name,
      tag: guild.tag,
      open: guild.open,
      members: members.length,
      score: members.reduce((sum, member) => sum + member.trophyCaseScore, 0),
    },
    seasonScore,
    members: members.map(({ username, role, level, trophyCaseScore }) => ({ username, role, level, trophyCaseScore, online: online.has(username) })),
    myRole,
    requested,
    requests: myRole && isOfficerOrHigher(myRole) ? context.requests.map((request) => request.username) : [],
  };
}
