/**
 * What the game tells the chat room after a commit: news for the ticker (docs/design.md section 4) and notices for
 * one player's open sockets (section 7.1). Sent without holding up the player's answer (`waitUntil`); a room
 * that cannot be reached costs the news, never the intent.
 */
import type { Context } from 'hono';
import type { NewsEvent, Notice } from '../../../game/chat-protocol';
import { newsworthyLevels } from '../../../game/rules/level';
import { chatRoom } from './lobby-tree';
import type { AppEnv } from '../../core/env';

function afterAnswer<E extends AppEnv>(c: Context<E>, work: Promise<void>) {
  const done = work.catch((error: unknown) => console.warn('chat room not told', error));
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    // No execution context (called outside a fetch event): the promise still runs.
  }
}

export function reportNews<E extends AppEnv>(c: Context<E>, event: NewsEvent) {
  afterAnswer(c, chatRoom(c.env).postNews(event));
}

/** Every tenth level a player reached with this change makes the news (docs/design.md section 7.4). */
export function reportLevels<E extends AppEnv>(c: Context<E>, username: string, xpBefore: number, xpAfter: number) {
  for (const level of newsworthyLevels(xpBefore, xpAfter)) reportNews(c, { kind: 'level', username, level });
}

export function notifyPlayer<E extends AppEnv>(c: Context<E>, username: string, notice: Notice) {
  afterAnswer(c, chatRoom(c.env).notify(username, notice));
}
