/**
 * What the game tells the chat room after a commit: news for the ticker (docs/design.md section 4) and notices for
 * one player's open sockets (section 7.1). Sent without holding up the player's answer (`waitUntil`); a room
 * that cannot be reached costs the news, never the intent.
 */
import type { Context } from 'hono';
import type { NewsEvent, Notice } from '../../../game/chat-protocol';
import { newsworthyLevels } from '../../../game/rules/level';
import { chatRoom } from './lobby-tree';
import { afterAnswer } from '../../core/after-answer';
import type { AppEnv } from '../../core/env';

const roomNotTold = (error: unknown) => console.warn('chat room not told', error);

export function reportNews<E extends AppEnv>(c: Context<E>, event: NewsEvent) {
  afterAnswer(c, chatRoom(c.env).postNews(event), roomNotTold);
}

/** Every tenth level a player reached with this change makes the news (docs/design.md section 7.4). */
export function reportLevels<E extends AppEnv>(c: Context<E>, username: string, xpBefore: number, xpAfter: number) {
  for (const level of newsworthyLevels(xpBefore, xpAfter)) reportNews(c, { kind: 'level', username, level });
}

export function notifyPlayer<E extends AppEnv>(c: Context<E>, username: string, notice: Notice) {
  afterAnswer(c, chatRoom(c.env).notify(username, notice), roomNotTold);
}
