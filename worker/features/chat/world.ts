/**
 * The live world (docs/design.md section 9.11): what a commit changed that other players see, told to the rooms
 * after the answer by a commit watcher (worker/core/commit-watchers.ts, declared in ./feature.ts), so no route
 * names the chat. Listings and boards go to the lobby, a drive's progress to that guild's room, a fight to the
 * defender's sockets. One call per room per commit; the rooms coalesce (world-window.ts).
 */
import type { WorldEvent } from '../../../game/chat-protocol';
import { weekPoints } from '../../../game/rules/league';
import { seasonPoints } from '../../../game/rules/season';
import { afterAnswer } from '../../core/after-answer';
import type { IntentEvent } from '../../core/changes';
import type { Outcome } from '../../core/commit';
import type { CommitWatcher } from '../../core/commit-watchers';
import { chatRoom, guildRoom } from './lobby-tree';

/** What one player's events show everyone in the lobby: the market's listings and the boards that moved. */
function lobbyEvents(events: readonly IntentEvent[], trophyScoreMoved: boolean, now: number): WorldEvent[] {
  const told: WorldEvent[] = [];
  const boards = new Set<'alltime' | 'season' | 'league'>();
  for (const event of events) {
    if (event.kind === 'listed') told.push({ kind: 'listing-opened', listingId: event.listingId, catalogId: event.catalogId });
    if (event.kind === 'bought') told.push({ kind: 'listing-closed', listingId: event.listingId, reason: 'sold' });
    if (event.kind === 'unlisted') told.push({ kind: 'listing-closed', listingId: event.listingId, reason: event.reason });
    if (event.kind !== 'trophy') continue;
    // The boards as they rank: all-time by trophy case score, season and league by this season's and week's points.
    if (trophyScoreMoved) boards.add('alltime');
    if (event.scores && seasonPoints(event.rarity, event.quality, event.researchedAt, now) > 0) boards.add('season');
    if (weekPoints(event.rarity, event.quality, event.researchedAt, event.scores, now) > 0) boards.add('league');
  }
  return [...told, ...[...boards].map((board): WorldEvent => ({ kind: 'board-moved', board }))];
}

/** Where a commit's world events go: the lobby's, each guild's room's, and each defender's (by uid). */
function worldOf({ before, after, events, now }: Outcome): { lobby: WorldEvent[]; guilds: Map<string, WorldEvent[]>; players: Map<string, WorldEvent[]> } {
  const lobby: WorldEvent[] = [];
  const guilds = new Map<string, WorldEvent[]>();
  const players = new Map<string, WorldEvent[]>();
  after.forEach((state, index) => {
    const happened = events[index] ?? [];
    const scoreMoved = state.player.trophyCaseScore !== before[index]?.player.trophyCaseScore;
    lobby.push(...lobbyEvents(happened, scoreMoved, now));
    for (const event of happened) {
      if (event.kind === 'drive-moved') guilds.set(event.guildId, [{ kind: 'drive-progress', guildId: event.guildId, points: event.points, target: event.target }]);
      if (event.kind === 'attacked') players.set(state.player.uid, [...(players.get(state.player.uid) ?? []), { kind: 'attacked', fightId: event.fightId }]);
    }
  });
  return { lobby, guilds, players };
}

const roomNotTold = (error: unknown) => console.warn('chat room not told of the world', error);

/** Tells the rooms what a commit changed for others, once the answer has left; a commit that changed nothing costs nothing. */
export const tellWorldAfterCommit: CommitWatcher = (c, outcome) => {
  const { lobby, guilds, players } = worldOf(outcome);
  if (lobby.length > 0) afterAnswer(c, chatRoom(c.env).postWorld(lobby), roomNotTold);
  for (const [guildId, events] of guilds) afterAnswer(c, chatRoom(c.env, guildRoom(guildId)).postWorld(events), roomNotTold);
  for (const [uid, events] of players) afterAnswer(c, chatRoom(c.env).tellWorld(uid, events), roomNotTold);
};
