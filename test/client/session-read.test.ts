/**
 * The session read on the boot path (client/lib/session.tsx) checks its answer by hand, not with the contract's
 * zod schema, so that the contract stays out of the first paint (issue #57). It must accept exactly what the
 * schema accepts, and ask where the contract says.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { API, BOOKMARK_HEADER } from '../../game/api';
import { SessionInfoSchema } from '../../game/wire';
import { BOOKMARK_HEADER as SENT_BOOKMARK_HEADER } from '../../client/lib/http';
import { isSessionInfo, SESSION_PATH } from '../../client/lib/session';

const player = { uid: 'u1', email: 'a@b.test', emailVerified: false, username: 'alice', isAdmin: false };

const ANSWERS: readonly [string, unknown][] = [
  ['signed out', { user: null, googleEnabled: false }],
  ['a player', { user: player, googleEnabled: true }],
  ['signed in without a username yet', { user: { ...player, username: '' }, googleEnabled: false }],
  ['an extra field', { user: player, googleEnabled: true, later: 1 }],
  ['no googleEnabled', { user: null }],
  ['googleEnabled as text', { user: null, googleEnabled: 'yes' }],
  ['no user', { googleEnabled: true }],
  ['a user without isAdmin', { user: { ...player, isAdmin: undefined }, googleEnabled: true }],
  ['a numeric uid', { user: { ...player, uid: 7 }, googleEnabled: true }],
  ['emailVerified as text', { user: { ...player, emailVerified: 'true' }, googleEnabled: true }],
  ['a user as a list', { user: [], googleEnabled: true }],
  ['null', null],
  ['a list', []],
  ['text', 'signed in'],
  ['nothing', undefined],
];

describe('the session read', () => {
  it.each(ANSWERS)('accepts an answer exactly when the contract does: %s', (_, answer) => {
    expect(isSessionInfo(answer)).toBe(z.safeParse(SessionInfoSchema, answer).success);
  });

  it('asks the contract’s path, carrying the contract’s bookmark header', () => {
    expect(SESSION_PATH).toBe(API.session.path);
    expect(SENT_BOOKMARK_HEADER).toBe(BOOKMARK_HEADER);
  });
});
