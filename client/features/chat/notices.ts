/**
 * What happened to this player, told by the lobby wherever they are in the app: someone fought them in the arena
 * (docs/design.md section 7.1). A toast says how it went, and the profile is read again, since the fight moved
 * their gold and XP (the arena's own reads move with the world's `attacked` event, client/features/arena/world.ts).
 */
import type { Notice } from '../../../game/chat-protocol';
import { toast } from '../../lib/toasts';
import { playerCache } from '../../lib/player';

export function announce(notice: Notice) {
  const taken = notice.goldTaken > 0 ? `, taking ${notice.goldTaken} gold` : '';
  toast(notice.winner === notice.attacker ? `${notice.attacker} attacked you and won${taken}.` : `${notice.attacker} attacked you and lost.`);
  void playerCache.reload();
}
