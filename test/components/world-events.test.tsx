/**
 * The live world on screen (docs/design.md section 9.11, client/features/chat/world-dispatch.ts): the events of a
 * `world` frame, as the chat connection hands them over, are checked one by one (a malformed one or one of an
 * unknown kind is dropped, the others kept) and go to the features that own the reads they change (each one's
 * world.ts, collected and handed over by the shell, client/app/world.ts): a sold listing says "Sold just now" in
 * place of Buy, a new one appears, a withdrawn one goes, but never from under a pending buy; the drive's bar takes
 * the guild's new points; the league says the reader's own new rank to a screen reader, and nothing for others'
 * moves. Reads are answered at the network, as in the other screen tests. Light and dark, axe clean.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
// The shell hands every feature's world handlers to the chat's socket as it loads (client/lib/world.ts).
import '../../client/app/features';
import { applyWorld, worldEventsOf } from '../../client/features/chat/world-dispatch';
import { DrivePanel } from '../../client/features/drive/drive-panel';
import { LeaderboardPage } from '../../client/features/leaderboard/leaderboard-page';
import { MarketPage } from '../../client/features/market/market-page';
import { driveTarget, weekStart } from '../../game/rules/drive';
import { WEEK_MS } from '../../game/time';
import { weekBounds } from '../../game/rules/league';
import type { Drive, League, Market, MyListings, Profile } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

type Offer = Market['listings'][number];

const nothingMine: MyListings = { listings: [], uncollected: 0 };
const newPlayer = (changes: Partial<Profile> = {}) => aProfile({ uid: newUid(), username: `p${newUid().slice(2, 12)}`, level: 5, gold: 500, ...changes });

/** A listing of `catalogId` by Bram at `price`, open, as GET /api/market answers it. */
function anOffer(catalogId: string, price: number): Offer {
  const item = anItem(catalogId, { id: `i-${newUid()}`, research: 100, researchedBy: 'Bram', equippedAt: null });
  return { id: `l-${item.id}`, itemId: item.id, item, price, status: 'open', createdAt: Date.now(), expiresAt: Date.now() + 86_400_000, seller: 'Bram' };
}

/** A `world` frame's events as the socket delivers them: checked one by one, then applied by their features. */
const receive = (events: unknown[]) => applyWorld(worldEventsOf(events));

/** The market screen answering `offers`, cheapest first. */
async function openMarket(offers: Offer[]) {
  await commands.answer('/api/market?sort=price', { listings: offers, medians: null } satisfies Market);
  await commands.answer('/api/market/mine', nothingMine);
  await commands.answer('/api/market/seen', { catalogIds: offers.map((offer) => offer.item.catalogId) });
  await renderScreen(<MarketPage />, newPlayer(), { path: '/market' });
  await expect.poll(() => names()).toEqual(offers.map((offer) => offer.item.itemName));
}

const rows = page.getByTestId('listing');
const names = () => rows.elements().map((row) => row.querySelector('[data-testid="listed-name"]')?.textContent);
const buyOf = (offer: Offer) => page.getByRole('button', { name: `Buy ${offer.item.itemName} for ${offer.price} gold` });

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('a malformed or unknown event is dropped; a valid sale turns Buy into "Sold just now" at once', async () => {
    await commands.colorScheme(scheme);
    const kept = anOffer('feather', 10);
    const sold = anOffer('chainsaw', 120);
    await openMarket([kept, sold]);
    const events = [
      // About the listing that stays: a reason no server sends, and a kind this client does not know.
      { kind: 'listing-closed', listingId: kept.id, reason: 'stolen' },
      { kind: 'listing-vanished', listingId: kept.id },
      'not an event',
      { kind: 'listing-closed', listingId: sold.id, reason: 'sold' },
    ];
    expect(worldEventsOf(events)).toEqual([{ kind: 'listing-closed', listingId: sold.id, reason: 'sold' }]);
    await receive(events);
    const soldRow = rows.nth(1);
    await expect.element(soldRow.getByTestId('sold-just-now')).toHaveTextContent('Sold just now');
    await expect.element(buyOf(sold)).not.toBeInTheDocument();
    await expect.element(buyOf(kept)).toBeVisible();
    expect(names()).toEqual(['Feather', 'Chainsaw']);
    await expectAxeClean(`a listing sold just now, ${scheme}`);
  });
});

test('a frame that is not a list of events changes nothing', async () => {
  expect(worldEventsOf({ kind: 'board-moved', board: 'season' })).toEqual([]);
  expect(worldEventsOf(undefined)).toEqual([]);
});

test('a new listing appears without a reload: listing-opened reads the market again', async () => {
  const first = anOffer('feather', 10);
  await openMarket([first]);
  const added = anOffer('chainsaw', 120);
  await commands.answer('/api/market?sort=price', { listings: [first, added], medians: null } satisfies Market);
  await receive([{ kind: 'listing-opened', listingId: added.id, catalogId: 'chainsaw' }]);
  await expect.element(buyOf(added)).toBeVisible();
  expect(names()).toEqual(['Feather', 'Chainsaw']);
});

test('a sale while the market is first being read: the read is dropped and read again, so the screen still shows its listings', async () => {
  const other = anOffer('feather', 10);
  const wanted = anOffer('chainsaw', 120);
  // The first read is held: under way when someone else's sale arrives (the two screens of one server, at once).
  await commands.answer('/api/market?sort=price', { listings: [other, wanted], medians: null } satisfies Market, 200, { held: true });
  await commands.answer('/api/market/mine', nothingMine);
  await commands.answer('/api/market/seen', { catalogIds: ['feather', 'chainsaw'] });
  await renderScreen(<MarketPage />, newPlayer(), { path: '/market' });
  await expect.element(page.getByTestId('listings').or(page.getByTestId('market-empty'))).not.toBeInTheDocument();
  await receive([{ kind: 'listing-closed', listingId: anOffer('compound-bow', 90).id, reason: 'sold' }]);
  // The read again answers the market as it is now; the dropped one answers nobody.
  await commands.answer('/api/market?sort=price', { listings: [other, wanted], medians: null } satisfies Market);
  await expect.poll(() => names()).toEqual(['Feather', 'Chainsaw']);
  await expect.element(buyOf(wanted)).toBeVisible();
});

test('a withdrawn listing goes, but while a buy is asked every row keeps its place and new ones wait at the end', async () => {
  const withdrawn = anOffer('feather', 10);
  const other = anOffer('bottle-cap', 20);
  const wanted = anOffer('chainsaw', 120);
  await openMarket([withdrawn, other, wanted]);
  await buyOf(wanted).click();
  const question = page.getByRole('alertdialog');
  await expect.element(question).toBeVisible();

  // A cheaper listing comes in and the first one is withdrawn while the player is deciding.
  const cheaper = anOffer('rusty-nail', 5);
  await commands.answer('/api/market?sort=price', { listings: [cheaper, other, wanted], medians: null } satisfies Market);
  await receive([
    { kind: 'listing-closed', listingId: withdrawn.id, reason: 'cancelled' },
    { kind: 'listing-opened', listingId: cheaper.id, catalogId: 'rusty-nail' },
  ]);
  await expect.poll(() => names()).toEqual(['Feather', 'Bottle Cap', 'Chainsaw', 'Rusty Nail']);
  await expect.element(rows.nth(0).getByTestId('listing-gone')).toHaveTextContent('No longer for sale');

  // The question answered (here: not now), the list is the market as it is.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => names()).toEqual(['Rusty Nail', 'Bottle Cap', 'Chainsaw']);
});

/** A week's drive of a guild at `points`, as a member reads it. */
function aDrive(points: number): Drive {
  const week = weekStart(Date.now());
  return {
    week,
    endsAt: week + WEEK_MS,
    target: driveTarget(2),
    points,
    members: 2,
    donors: [],
    mine: { points: 0, claimed: false, memberBeforeWeek: true, claimedElsewhere: false, canClaim: true },
  };
}

test("the drive's bar takes its guild's new points at once, and another guild's not at all", async () => {
  const guildId = `g-live-${newUid()}`;
  await commands.answer(`/api/guilds/${guildId}/drive`, aDrive(100));
  await renderScreen(<DrivePanel guildId={guildId} />, newPlayer());
  const bar = page.getByRole('progressbar', { name: 'Salvage Drive progress' });
  await expect.element(bar).toHaveAttribute('aria-valuenow', '100');
  const target = driveTarget(2);
  await receive([{ kind: 'drive-progress', guildId: 'another-guild', points: 1500, target }]);
  // The panel reads its guild's drive again for the donors: the server has the new points by then.
  await commands.answer(`/api/guilds/${guildId}/drive`, aDrive(700));
  await receive([{ kind: 'drive-progress', guildId, points: 700, target }]);
  await expect.element(bar).toHaveAttribute('aria-valuenow', '700');
  await expect.element(page.getByTestId('drive-progress')).toHaveTextContent(`700 / ${target.toLocaleString('en-US')} points`);
});

/** The reader's league with them at `rank` among four, as GET /api/league answers it. */
function leagueWith(me: Profile, rank: number): League {
  const { week, endsAt } = weekBounds(Date.now());
  const others = ['rivalA', 'rivalB', 'rivalC'];
  const order = [...others.slice(0, rank - 1), me.username, ...others.slice(rank - 1)];
  const members = order.map((username, index) => ({ username, points: 100 - index * 10, rank: index + 1 }));
  return {
    week,
    endsAt,
    tier: 'scrap',
    members,
    me: { rank, points: members[rank - 1]!.points, noPrize: null },
    promote: 1,
    demote: 0,
    table: { tier: 'scrap', tiers: ['scrap'], leagues: 1, scored: members.length, prizes: [1, 1, 1] },
  };
}

test('a moved league says the reader’s own new rank politely, and nothing when only others moved', async () => {
  const me = newPlayer();
  await commands.answer('/api/league', leagueWith(me, 3));
  await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
  await expect.element(page.getByTestId('league-standing')).toHaveTextContent('You are #3 with 80 points.');
  const said = page.getByTestId('rank-announcement');
  await expect.element(said).toBeEmptyDOMElement();
  await expect.element(said).toHaveAttribute('role', 'status');

  // Others traded places above the reader: the board reads again, and nothing is said.
  const shuffled = leagueWith(me, 3);
  shuffled.members = [shuffled.members[1]!, shuffled.members[0]!, ...shuffled.members.slice(2)].map((member, index) => ({ ...member, rank: index + 1 }));
  await commands.answer('/api/league', shuffled);
  await receive([{ kind: 'board-moved', board: 'league' }]);
  await expect.poll(() => page.getByTestId('league-row').elements()[0]?.textContent).toContain('rivalB');
  await expect.element(said).toBeEmptyDOMElement();

  await commands.answer('/api/league', leagueWith(me, 2));
  await receive([{ kind: 'board-moved', board: 'league' }]);
  await expect.element(said).toHaveTextContent('You are now #2 in your league.');
});
