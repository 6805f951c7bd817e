/** Guilds for the end-to-end tests: unique names and tags, and a guild founded through the API in one call. */
import type { Page } from '@playwright/test';
import { GUILD_PRICE } from '../../game/constants';
import type { GuildPage } from '../../game/wire';
import { apiPost, type ApiActor, expect, uniqueName } from './fixtures';

/** A name no other test of the run uses (3 to 24 letters, digits and single spaces). */
export const guildName = () => `Guild ${uniqueName('g')}`;

const TAG_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A tag of 4 letters or digits; random, since tags are short (a clash is retried by foundGuild). */
export const guildTag = () => Array.from({ length: 4 }, () => TAG_LETTERS[Math.floor(Math.random() * TAG_LETTERS.length)]).join('');

/** The player founds a guild (given the gold for it first) and leads it. */
export async function foundGuild(player: ApiActor, baseURL: string, { open = true, name = guildName() }: { open?: boolean; name?: string } = {}): Promise<GuildPage> {
  expect((await apiPost(player.request, baseURL, '/dev/fixtures/gold', { gold: GUILD_PRICE })).status()).toBe(200);
  for (;;) {
    const response = await apiPost(player.request, baseURL, '/api/guilds', { name, tag: guildTag(), open });
    const text = await response.text();
    if (response.status() === 409 && text.includes('Guild tag')) continue;
    expect(response.status(), `POST /api/guilds answered ${text}`).toBe(200);
    return JSON.parse(text) as GuildPage;
  }
}

/** The player joins the guild (or asks to, when it is closed) through the API. */
export async function joinGuild(player: ApiActor, baseURL: string, guildId: string) {
  const response = await apiPost(player.request, baseURL, `/api/guilds/${guildId}/join`, {});
  expect(response.status(), await response.text()).toBe(200);
}

/** A member's row on a guild page. */
export const memberRow = (page: Page, username: string) =>
  page.getByTestId('guild-member').filter({ has: page.getByText(username, { exact: true }) });
