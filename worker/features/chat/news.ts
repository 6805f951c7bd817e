/**
 * What the game tells the chat rooms after a commit: notices for one player's open sockets (docs/design.md
 * section 7.1) and news for the ticker (section 4). A commit watcher (worker/core/commit-watchers.ts, registered
 * in ./feature.ts) reads what happened from the outcome, so no feature's route names the chat. Sent without
 * holding up the player's answer (`waitUntil`); a room that cannot be reached costs the news, never the intent.
 */
import type { NewsEvent, Notice } from '../../../game/chat-protocol';
import { rarityRank } from '../../../game/rules';
import { newsworthyLevels } from '../../../game/rules/level';
import { afterAnswer } from '../../core/after-answer';
import type { IntentEvent } from '../../core/changes';
import type { Outcome } from '../../core/commit';
import type { CommitWatcher } from '../../core/commit-watchers';
import { catalogueEntry } from '../../core/state';
import { chatRoom } from './lobby-tree';

/**
 * Finds and trophies of these rarities or better make the news (docs/design.md section 8.1: the news is for what
 * is rare; Rare finds and every trophy made it before, and drowned it).
 */
const NEWSWORTHY_FIND_RANK = rarityRank('epic');
const NEWSWORTHY_TROPHY_RANK = rarityRank('legendary');

const newsItem = (catalogId: string, quality: number) => {
  const entry = catalogueEntry(catalogId);
  return { itemName: entry.name, rarity: entry.rarity, quality };
};

/** The news of a trophy or a server first, if it makes any. */
function itemNews(username: string, event: IntentEvent): NewsEvent[] {
  if (event.kind === 'first') return [{ kind: 'first', username, item: newsItem(event.catalogId, event.quality) }];
  if (event.kind === 'trophy' && rarityRank(event.rarity) >= NEWSWORTHY_TROPHY_RANK) return [{ kind: 'trophy', username, item: newsItem(event.catalogId, event.quality) }];
  return [];
}

/**
 * What one commit tells the chat: each attacked player's notice, then the news in this order: an upset, the
 * tenth levels each player reached, then each player's finds, trophies and server firsts.
 */
function toldOf({ before, after, changes, events }: Outcome): { notices: { username: string; notice: Notice }[]; news: NewsEvent[] } {
  const players = after.map((state, index) => ({
    username: state.player.username,
    xp: [before[index]?.player.xp ?? state.player.xp, state.player.xp] as const,
    finds: changes[index]?.newLoot ?? [],
    events: events[index] ?? [],
  }));
  const attacks = players.flatMap(({ username, events: happened }) => happened.flatMap((event) => (event.kind === 'attacked' ? [{ ...event, defender: username }] : [])));
  const notices = attacks.map(({ defender, fightId, attacker, attackerWon, goldTaken, attackerRatingChange }) => ({
    username: defender,
    notice: { kind: 'attacked', fightId, attacker, winner: attackerWon ? attacker : defender, goldTaken, ratingChange: -attackerRatingChange } satisfies Notice,
  }));
  const news: NewsEvent[] = [
    ...attacks
      .filter((attack) => attack.upset)
      .map(({ attacker, defender, attackerWon }): NewsEvent => ({ kind: 'upset', winner: attackerWon ? attacker : defender, loser: attackerWon ? defender : attacker })),
    ...players.flatMap(({ username, xp: [xpBefore, xpAfter] }) => newsworthyLevels(xpBefore, xpAfter).map((level): NewsEvent => ({ kind: 'level', username, level }))),
    ...players.flatMap(({ username, finds, events: happened }) => [
      ...finds
        .filter((find) => rarityRank(catalogueEntry(find.catalogId).rarity) >= NEWSWORTHY_FIND_RANK)
        .map((find): NewsEvent => ({ kind: 'find', username, item: newsItem(find.catalogId, find.quality) })),
      ...happened.flatMap((event) => itemNews(username, event)),
    ]),
  ];
  return { notices, news };
}

const roomNotTold = (error: unknown) => console.warn('chat room not told', error);

/** Tells the rooms what a commit did, once the answer has left. */
export const tellChatAfterCommit: CommitWatcher = (c, outcome) => {
  const { notices, news } = toldOf(outcome);
  for (const { username, notice } of notices) afterAnswer(c, chatRoom(c.env).notify(username, notice), roomNotTold);
  for (const event of news) afterAnswer(c, chatRoom(c.env).postNews(event), roomNotTold);
};
