/**
 * Notifications (docs/design.md section 8.7): the kinds a player can turn on or off, what each says and which
 * screen it opens. The server builds every push from here; the settings screen lists the kinds from here.
 */
import { HOUR_MS } from '../time';

export const NOTICE_KINDS = ['energy', 'research', 'attacked', 'season', 'sold'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What the settings screen calls each kind. */
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  energy: 'Energy full',
  research: 'Research done',
  attacked: 'Attacked in the arena',
  season: 'Season results',
  sold: 'Sold on the market',
};

/** At most one push of a kind an hour: a second "energy full" within the hour tells the player nothing new. */
export const PUSH_INTERVAL_MS = HOUR_MS;

/** The push subscriptions one player may keep: a phone, a laptop, a tablet and a couple to spare. */
export const MAX_PUSH_DEVICES = 5;

/** A push as the service worker shows it: the title, the line under it and the screen a tap opens. */
export interface PushNotice {
  kind: NoticeKind;
  title: string;
  body: string;
  /** A path of the game, such as `/arena?q=Bram`. */
  url: string;
}

export function energyFullNotice(): PushNotice {
  return { kind: 'energy', title: 'Energy full', body: 'Your energy is full: time to scavenge.', url: '/scavenge' };
}

/** One push for every item whose research finished by the time it is sent. */
export function researchDoneNotice(itemNames: readonly string[]): PushNotice {
  const [first = 'An item', ...others] = itemNames;
  const what = others.length === 0 ? `${first} is` : `${first} and ${others.length} more are`;
  return { kind: 'research', title: 'Research done', body: `${what} fully researched: add to your trophy case.`, url: '/profile' };
}

/** "Bram took 10 gold: revenge?", opening the arena on Bram. */
export function attackedNotice(attacker: string, goldTaken: number, won: boolean): PushNotice {
  return {
    kind: 'attacked',
    title: 'Attacked in the arena',
    body: won ? `${attacker} took ${goldTaken} gold: revenge?` : `${attacker} attacked you and lost.`,
    url: `/arena?q=${encodeURIComponent(attacker)}`,
  };
}

export function seasonResultNotice(seasonName: string, rank: number, cash: number): PushNotice {
  return { kind: 'season', title: `${seasonName} is over`, body: `You finished #${rank} and won ${cash} cash.`, url: '/leaderboard' };
}

/** One of the player's listings sold (docs/design.md section 9.7): told at the sale, opening the market to collect. */
export function soldNotice(itemName: string, price: number, proceeds: number): PushNotice {
  return {
    kind: 'sold',
    title: 'Sold on the market',
    body: `${itemName} sold for ${price.toLocaleString('en-US')} gold: collect ${proceeds.toLocaleString('en-US')} gold at the market.`,
    url: '/market',
  };
}
