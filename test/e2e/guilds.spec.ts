/**
 * Guilds through the screens (docs/design.md section 7.2): founding one on /guilds, finding and joining it, the
 * leader's controls (roles, hand-over, kick), closed guilds and their requests, the server's refusals, leaving
 * and disbanding, and the guild tab of the leaderboard. Other tests found guilds too, so a guild is always
 * found by its own name or tag.
 */
import type { Page } from '@playwright/test';
import { GUILD_MAX_MEMBERS, GUILD_PRICE } from '../../game/constants';
import { MSG } from '../../game/messages';
import { apiPlayerInNewContext, expect, playerInNewContext, test } from './fixtures';
import { foundGuild, guildName, guildTag, joinGuild, memberRow } from './guild-helpers';

const createForm = (page: Page) => page.getByRole('region', { name: `Create a guild (${GUILD_PRICE} gold)` });
const members = (page: Page) => page.getByTestId('guild-members');

async function fillCreateForm(page: Page, name: string, tag: string, open = true) {
  const form = createForm(page);
  await form.getByLabel('Guild name').fill(name);
  await form.getByLabel('Tag').fill(tag);
  await form.getByText(open ? 'Open' : 'Closed', { exact: true }).click();
  await form.getByRole('button', { name: `Create guild (${GUILD_PRICE} gold)` }).click();
}

test.describe('guilds', () => {
  test('a player founds a guild; another finds it by its tag and joins; the leader promotes, demotes and kicks them', async ({ page, signUp, game, browser, baseURL }) => {
    test.slow();
    await signUp();
    await game.setGold(GUILD_PRICE + 50);
    const name = guildName();
    const tag = guildTag();

    await page.goto('/guilds');
    await expect(createForm(page).getByTestId('create-gold')).toHaveText(String(GUILD_PRICE + 50));
    await fillCreateForm(page, name, tag);
    await expect(page).toHaveURL(/\/guilds\/[\w-]+$/);
    const guildUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}[${tag}]`);
    await expect(page.getByTestId('my-role')).toHaveText('You lead this guild.');
    await expect(members(page)).toHaveText(`1/${GUILD_MAX_MEMBERS}`);
    await expect(page.getByRole('status').filter({ hasText: `You founded ${name} [${tag}].` })).toBeVisible();
    expect(await game.profile()).toMatchObject({ gold: 50, guild: name });

    // Their own guild heads /guilds, and a player in a guild is not offered another.
    await page.goto('/guilds');
    await expect(page.getByTestId('my-guild')).toContainText(name);
    await expect(createForm(page)).toHaveCount(0);

    const member = await playerInNewContext(browser, baseURL!);
    await member.page.goto('/guilds');
    await member.page.getByLabel('Search guilds by name or tag').fill(`zz${tag}zz`);
    await member.page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(member.page.getByText(`No guilds match “zz${tag}zz”.`)).toBeVisible();
    await member.page.getByLabel('Search guilds by name or tag').fill(tag.toLowerCase());
    await member.page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = member.page.getByTestId('guild-row').filter({ hasText: name });
    await expect(found).toContainText(`[${tag}]`);
    await expect(found).toContainText(`1/${GUILD_MAX_MEMBERS} members`);
    await expect(found.getByTestId('guild-open')).toHaveText('Open');
    await found.click();
    await expect(member.page).toHaveURL(guildUrl);
    await member.page.getByRole('button', { name: 'Join guild' }).click();
    await expect(member.page.getByTestId('my-role')).toHaveText('You are a member.');
    await expect(memberRow(member.page, member.username).getByTestId('member-role')).toHaveText('Member');
    await expect(members(member.page)).toHaveText(`2/${GUILD_MAX_MEMBERS}`);

    // The leader sees the new member, cannot leave while leading them, and changes their role.
    await page.goto(guildUrl);
    const row = memberRow(page, member.username);
    await expect(row.getByTestId('member-role')).toHaveText('Member');
    await expect(page.getByTestId('leader-cannot-leave')).toContainText(MSG.leaderMustHandOver);
    await expect(page.getByRole('button', { name: 'Leave guild' })).toHaveCount(0);
    await page.getByRole('button', { name: `Make ${member.username} officer` }).click();
    await expect(row.getByTestId('member-role')).toHaveText('Officer');

    // An officer may not touch the leader.
    await member.page.reload();
    await expect(member.page.getByTestId('my-role')).toHaveText('You are an officer here.');
    await expect(member.page.getByRole('button', { name: /^(Kick|Make|Hand over)/ })).toHaveCount(0);

    await page.getByRole('button', { name: `Make ${member.username} member` }).click();
    await expect(row.getByTestId('member-role')).toHaveText('Member');
    await page.getByRole('button', { name: `Kick ${member.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Kick ${member.username} from ${name}?` });
    await confirm.getByRole('button', { name: `Kick ${member.username}` }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(members(page)).toHaveText(`1/${GUILD_MAX_MEMBERS}`);

    // The removed player is out: offered to join again, and /guilds no longer names the guild as theirs.
    await member.page.reload();
    await expect(member.page.getByRole('button', { name: 'Join guild' })).toBeVisible();
    await expect(member.page.getByTestId('my-role')).toHaveCount(0);
    await expect(memberRow(member.page, member.username)).toHaveCount(0);
    await member.page.goto('/guilds');
    await expect(createForm(member.page)).toBeVisible();
    await expect(member.page.getByTestId('my-guild')).toHaveCount(0);
    await member.context.close();
  });

  test('the leader hands the lead over and leaves; the last member leaving disbands the guild', async ({ page, signUp, browser, baseURL }) => {
    test.slow();
    await signUp();
    const { guild } = await foundGuild(page, baseURL!);
    const heir = await playerInNewContext(browser, baseURL!);
    await joinGuild(heir.page, baseURL!, guild.id);

    await page.goto(`/guilds/${guild.id}`);
    await page.getByRole('button', { name: `Hand over lead to ${heir.username}` }).click();
    const handOver = page.getByRole('alertdialog', { name: `Make ${heir.username} the leader of ${guild.name}?` });
    await handOver.getByRole('button', { name: 'Hand over' }).click();
    await expect(handOver).toBeHidden();
    await expect(memberRow(page, heir.username).getByTestId('member-role')).toHaveText('Leader');
    await expect(page.getByTestId('my-role')).toHaveText('You are an officer here.');

    await page.getByRole('button', { name: 'Leave guild' }).click();
    const leave = page.getByRole('alertdialog', { name: `Leave ${guild.name}?` });
    // Cancelling changes nothing.
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('my-role')).toHaveText('You are an officer here.');
    await page.getByRole('button', { name: 'Leave guild' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/guilds$/);
    await expect(page.getByRole('status').filter({ hasText: MSG.leftGuild(guild.name) })).toBeVisible();
    await expect(createForm(page)).toBeVisible();

    await heir.page.goto(`/guilds/${guild.id}`);
    await expect(heir.page.getByTestId('my-role')).toHaveText('You lead this guild.');
    await heir.page.getByRole('button', { name: 'Leave guild' }).click();
    const last = heir.page.getByRole('alertdialog', { name: `Leave ${guild.name}?` });
    await expect(last).toContainText('You are its last member: the guild will be disbanded.');
    await last.getByRole('button', { name: 'Leave' }).click();
    await expect(heir.page.getByRole('status').filter({ hasText: MSG.guildDisbanded(guild.name) })).toBeVisible();
    await heir.page.goto(`/guilds/${guild.id}`);
    await expect(heir.page.getByRole('alert')).toHaveText(MSG.guildNotFound);
    await heir.context.close();
  });

  test('a closed guild: one player asks to join and the leader accepts, another is declined', async ({ page, signUp, browser, baseURL }) => {
    test.slow();
    await signUp();
    const { guild } = await foundGuild(page, baseURL!, { open: false });
    const asker = await playerInNewContext(browser, baseURL!);
    const declined = await playerInNewContext(browser, baseURL!);

    await asker.page.goto(`/guilds/${guild.id}`);
    await expect(asker.page.getByTestId('guild-open')).toHaveText('Closed');
    await asker.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(asker.page.getByTestId('request-sent')).toContainText('Request sent');
    await asker.page.reload();
    await expect(asker.page.getByTestId('request-sent')).toContainText('Request sent');
    await expect(asker.page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await joinGuild(declined.page, baseURL!, guild.id);

    await page.goto(`/guilds/${guild.id}`);
    const requests = page.getByRole('region', { name: 'Requests to join' });
    await expect(requests.getByTestId('join-request')).toHaveText([new RegExp(`^${asker.username}`), new RegExp(`^${declined.username}`)]);
    await requests.getByRole('button', { name: `Accept ${asker.username}` }).click();
    await expect(memberRow(page, asker.username).getByTestId('member-role')).toHaveText('Member');
    await requests.getByRole('button', { name: `Decline ${declined.username}` }).click();
    await expect(requests.getByTestId('join-request')).toHaveCount(0);
    await expect(requests).toContainText('No requests to join.');
    await expect(memberRow(page, declined.username)).toHaveCount(0);

    await asker.page.reload();
    await expect(asker.page.getByTestId('my-role')).toHaveText('You are a member.');
    // A member sees no requests.
    await expect(asker.page.getByRole('region', { name: 'Requests to join' })).toHaveCount(0);
    await declined.page.goto(`/guilds/${guild.id}`);
    await expect(declined.page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
    await asker.context.close();
    await declined.context.close();
  });

  test("founding shows the server's refusals: a taken name or tag (any case), too little gold; a bad tag never leaves the form", async ({ page, signUp, game, browser, baseURL }) => {
    const rival = await apiPlayerInNewContext(browser, baseURL!);
    const { guild } = await foundGuild(rival, baseURL!);
    await rival.context.close();

    await signUp();
    await game.setGold(1000);
    await page.goto('/guilds');
    const form = createForm(page);
    const taken = guild.name.toUpperCase();
    await fillCreateForm(page, taken, guildTag());
    await expect(form.getByRole('alert')).toHaveText(MSG.guildNameTaken(taken));
    await expect(form.getByRole('alert')).toHaveText(`Guild name '${taken}' already exists`);

    await fillCreateForm(page, guildName(), guild.tag.toLowerCase());
    await expect(form.getByRole('alert')).toHaveText(MSG.guildTagTaken(guild.tag.toLowerCase()));

    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/guilds')) sent += 1;
    });
    await fillCreateForm(page, guildName(), 'x');
    await expect(form.getByRole('alert')).toHaveText(MSG.guildTagInvalid);
    await fillCreateForm(page, 'no  double spaces', guildTag());
    await expect(form.getByRole('alert')).toHaveText(MSG.guildNameInvalid);
    expect(sent).toBe(0);

    await game.setGold(GUILD_PRICE - 1);
    await fillCreateForm(page, guildName(), guildTag(), false);
    await expect(form.getByRole('alert')).toHaveText(MSG.notEnoughGold);
    expect(await game.profile()).toMatchObject({ gold: GUILD_PRICE - 1, guild: '' });
  });

  test("the leaderboard's Guilds tab ranks guilds by score, the player's own highlighted and linked", async ({ page, signUp, baseURL }) => {
    await signUp();
    const { guild } = await foundGuild(page, baseURL!);
    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'Guilds' }).click();
    await expect(page).toHaveURL(/\/leaderboard\?tab=guilds$/);
    await expect(page.getByRole('tab', { name: 'Guilds' })).toHaveAttribute('aria-selected', 'true');
    const mine = page.getByTestId('guild-board-row').filter({ hasText: guild.name });
    await expect(mine).toHaveAttribute('aria-current', 'true');
    await expect(mine).toContainText(`[${guild.tag}]`);
    await expect(mine).toContainText(`1/${GUILD_MAX_MEMBERS}`);

    const rows = await page.getByTestId('guild-board-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    expect(rows.map((cells) => Number(cells[0]))).toEqual(rows.map((_, index) => index + 1));
    const scores = rows.map((cells) => Number(cells[3]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    await mine.getByRole('link', { name: guild.name }).click();
    await expect(page).toHaveURL(new RegExp(`/guilds/${guild.id}$`));
    await expect(page.getByTestId('my-role')).toHaveText('You lead this guild.');

    // The tab is kept in the address: back on the leaderboard, the Players tab is one arrow key away.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Guilds' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Guilds' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'All time' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'All time' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Top players' })).toBeVisible();
  });
});
