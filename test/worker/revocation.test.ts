/**
 * Hardening 3, finding 1: no ordering of a chat upgrade and the end of its session leaves a live socket. Each
 * round opens sockets and ends their session at the same moment, by sign-out with a copied cookie or by a ban;
 * every socket the room accepted must then close with CLOSE_SESSION_ENDED.
 */
import { describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '../../game/chat-protocol';
import { upgrade } from './chat-client';
import { adminPlayer, call, mintPlayer } from './helpers';

const ROUNDS = 100;
const SOCKETS_PER_ROUND = 3;

/** Every socket the room accepted in `answers` ends with `code` within a few seconds; the count of them. */
async function allEnded(answers: Response[]): Promise<number> {
  const sockets = answers.flatMap((answer) => (answer.status === 101 && answer.webSocket ? [answer.webSocket] : []));
  const codes = await Promise.all(
    sockets.map((ws) => {
      const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(event.code)));
      ws.accept();
      return Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
    }),
  );
  expect(codes.filter((code) => code !== CLOSE_SESSION_ENDED)).toEqual([]);
  for (const answer of answers) if (answer.status !== 101) expect(answer.status).toBe(401);
  return sockets.length;
}

describe('a session ended while its chat sockets open', () => {
  it(`sign-out with a copied cookie: over ${ROUNDS} rounds no socket stays open`, { timeout: 200_000 }, async () => {
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // A player per round: one player's upgrades are limited to 10 in 10 s (presence.test.ts).
      const { token } = await mintPlayer();
      const [signedOut, ...answers] = await Promise.all([
        call('/api/auth/logout', { method: 'POST', token }),
        ...Array.from({ length: SOCKETS_PER_ROUND }, () => upgrade({ token })),
      ]);
      expect(signedOut!.status).toBe(204);
      accepted += await allEnded(answers);
    }
    // The race was run: some sockets were accepted before the sign-out landed.
    expect(accepted).toBeGreaterThan(0);
  });

  it(`a ban: over ${ROUNDS} rounds no socket stays open`, { timeout: 200_000 }, async () => {
    const admin = await adminPlayer();
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const player = await mintPlayer();
      const { token } = player;
      const [banned, ...answers] = await Promise.all([
        call('/api/admin/ban', { body: { username: player.username }, token: admin.token }),
        ...Array.from({ length: SOCKETS_PER_ROUND }, () => upgrade({ token })),
      ]);
      expect(banned!.status).toBe(200);
      accepted += await allEnded(answers);
    }
    expect(accepted).toBeGreaterThan(0);
  });
});
