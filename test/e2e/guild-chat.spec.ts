/**
 * Guild chat and the admin's Delete (docs/design.md sections 7.2, 7.5): members talk in their guild's own room,
 * which a player outside the guild neither sees nor can open; a kicked member's open chat closes for good;
 * the [TAG] of a member's guild shows beside their lobby messages; the admin deletes a message, in the lobby
 * and in a guild's room, and it disappears from another player's open chat.
 *
 * Lobby messages are sent only on the admin's own server: on the shared one they would land in chat.spec.ts's
 * unread counts.
 */
import type { Locator, Page } from '@playwright/test';
import { adminAndPlayer } from './admin-helpers';
import { apiGet, apiPost, expect, playerInNewContext, test, uniqueName } from './fixtures';
import { foundGuild, joinGuild } from './guild-helpers';
import { startOwnServer } from './own-server';

// admin.spec.ts's own server is E2E_PORT + 22, restart and production take + 20 and + 21.
const PORT = Number(process.env.E2E_PORT ?? 5174) + 23;

const guildChat = (page: Page) => page.getByRole('region', { name: 'Guild chat' });
const messages = (scope: Locator | Page) => scope.getByTestId('chat-message');

/** Sends in the guild chat and waits for the room's echo. */
async function sayInGuild(page: Page, text: string) {
  const chat = guildChat(page);
  await chat.getByLabel('Message', { exact: true }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(messages(chat).filter({ hasText: text })).toHaveCount(1);
}

/** Sends in the lobby (/chat) and waits for the room's echo. */
async function sayInLobby(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page).filter({ hasText: text })).toHaveCount(1);
}

/** Opens a guild page and waits until its chat is connected, so later messages arrive live. */
async function openGuildChat(page: Page, guildId: string) {
  await page.goto(`/guilds/${guildId}`);
  await expect(guildChat(page).getByRole('button', { name: 'Send' })).toBeEnabled();
}

test.describe('guild chat', () => {
  test('two members talk in their guild chat with their tag; a player outside the guild sees none of it and cannot open it', async ({ page, signUp, browser, baseURL }) => {
    test.slow();
    const leader = await signUp();
    const { guild } = await foundGuild(page, baseURL!);
    const member = await playerInNewContext(browser, baseURL!);
    await joinGuild(member.page, baseURL!, guild.id);
    const outsider = await playerInNewContext(browser, baseURL!);

    await openGuildChat(page, guild.id);
    await expect(guildChat(page).getByText('No messages yet')).toBeVisible();
    await openGuildChat(member.page, guild.id);
    await outsider.page.goto('/chat');
    await expect(outsider.page.getByRole('button', { name: 'Send' })).toBeEnabled();

    const hello = `guild only hello ${uniqueName('t')}`;
    await sayInGuild(page, hello);
    const received = messages(guildChat(member.page)).filter({ hasText: hello });
    await expect(received).toContainText(leader.username!);
    await expect(received.getByTestId('guild-tag')).toHaveText(`[${guild.tag}]`);
    const reply = `guild only reply ${uniqueName('t')}`;
    await sayInGuild(member.page, reply);
    await expect(messages(guildChat(page)).filter({ hasText: reply })).toContainText(member.username);
    // Both are in the room: the members list shows them online.
    await page.reload();
    await expect(page.getByTestId('guild-member').filter({ hasText: member.username }).getByTestId('member-online')).toHaveAttribute('data-online', 'true');

    // Nothing of it in the lobby, where the outsider has been all along.
    await expect(messages(outsider.page).filter({ hasText: hello })).toHaveCount(0);
    await expect(messages(outsider.page).filter({ hasText: reply })).toHaveCount(0);
    // Their view of the guild page has no chat, and the room refuses their socket.
    await outsider.page.goto(`/guilds/${guild.id}`);
    await expect(outsider.page.getByRole('button', { name: 'Join guild' })).toBeVisible();
    await expect(guildChat(outsider.page)).toHaveCount(0);
    const opened = await outsider.page.evaluate(
      (path) =>
        new Promise<boolean>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}${path}`);
          ws.addEventListener('open', () => {
            ws.close();
            resolve(true);
          });
          ws.addEventListener('close', () => resolve(false));
        }),
      `/api/guilds/${guild.id}/chat`,
    );
    expect(opened, 'a non-member opened the guild room').toBe(false);
    const upgrade = await apiGet(outsider.page.request, `/api/guilds/${guild.id}/chat`, { Upgrade: 'websocket' });
    expect(upgrade.status()).toBe(403);
    await expect(messages(outsider.page)).toHaveCount(0);

    await member.context.close();
    await outsider.context.close();
  });

  test('the leader kicks a member, whose open guild chat closes and stays closed', async ({ page, signUp, browser, baseURL }) => {
    // The dev server's proxy never passes the room's close on to the browser, so this also proves the room's
    // `ended` frame (game/chat-protocol.ts) does the job on its own.
    test.slow();
    await signUp();
    const { guild } = await foundGuild(page, baseURL!);
    const member = await playerInNewContext(browser, baseURL!);
    await joinGuild(member.page, baseURL!, guild.id);
    const guildSockets: string[] = [];
    member.page.on('websocket', (ws) => {
      if (ws.url().endsWith(`/api/guilds/${guild.id}/chat`)) guildSockets.push(ws.url());
    });
    // The member's timers run on a clock the test moves, so "no reconnect for 4 s" takes no real 4 s.
    await member.page.clock.install();
    await openGuildChat(member.page, guild.id);
    await openGuildChat(page, guild.id);
    const before = `before the kick ${uniqueName('t')}`;
    await sayInGuild(page, before);
    await expect(messages(guildChat(member.page)).filter({ hasText: before })).toHaveCount(1);

    await page.getByRole('button', { name: `Kick ${member.username}` }).click();
    await page.getByRole('alertdialog', { name: `Kick ${member.username} from ${guild.name}?` }).getByRole('button', { name: `Kick ${member.username}` }).click();
    await expect(page.getByTestId('guild-member').filter({ hasText: member.username })).toHaveCount(0);

    const panel = guildChat(member.page);
    await expect(panel.getByTestId('guild-chat-removed')).toHaveText('You are no longer in this guild, so its chat has closed.');
    await expect(messages(panel)).toHaveCount(0);
    await expect(panel.getByLabel('Message', { exact: true })).toHaveCount(0);
    // Well past the first reconnect delays (0.5 s, 1 s, 2 s): no new socket was tried.
    const after = `after the kick ${uniqueName('t')}`;
    await sayInGuild(page, after);
    await member.page.clock.runFor(4000);
    expect(guildSockets).toHaveLength(1);
    await expect(panel.getByTestId('guild-chat-removed')).toBeVisible();
    await expect(member.page.getByText(after)).toHaveCount(0);
    await member.context.close();
  });

  test('the admin sees a member’s [TAG] in the lobby and deletes messages there and in a guild’s chat; they disappear from the other player’s open chat', async ({ browser }) => {
    // A server of its own for the admin (about a minute on a busy machine), then a guild and two chats.
    test.setTimeout(300_000);
    const server = await startOwnServer(PORT);
    try {
      const { admin, player, username } = await adminAndPlayer(browser, server.url);
      const { guild } = await foundGuild(player.page, server.url);
      await joinGuild(admin.page, server.url, guild.id);

      // The lobby: the player's message carries their guild's tag, and only the admin is offered Delete.
      await player.page.goto('/chat');
      await admin.page.goto('/chat');
      const doomed = `please delete me ${uniqueName('t')}`;
      const kept = `keep me ${uniqueName('t')}`;
      await sayInLobby(player.page, doomed);
      await sayInLobby(player.page, kept);
      const atAdmin = messages(admin.page).filter({ hasText: doomed });
      await expect(atAdmin.getByTestId('guild-tag')).toHaveText(`[${guild.tag}]`);
      await expect(atAdmin).toContainText(`${username}[${guild.tag}]`);
      await expect(player.page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

      const doomedId = Number(await atAdmin.getAttribute('data-id'));
      const deleteButton = atAdmin.getByRole('button', { name: `Delete message from ${username}` });
      await deleteButton.click();
      const confirm = admin.page.getByRole('alertdialog', { name: `Delete this message from ${username}?` });
      await expect(confirm).toContainText(doomed);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(atAdmin).toHaveCount(1);
      // By keyboard: the button takes the focus and Enter opens the confirmation.
      await deleteButton.focus();
      await admin.page.keyboard.press('Enter');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(messages(player.page).filter({ hasText: doomed })).toHaveCount(0);
      await expect(atAdmin).toHaveCount(0);
      await expect(messages(player.page).filter({ hasText: kept })).toHaveCount(1);
      // A second delete finds nothing: the server's refusal, which the Delete control would show in a popup.
      const again = await apiPost(admin.page.request, server.url, '/api/admin/messages/delete', { id: doomedId });
      expect(again.status()).toBe(404);
      expect(await again.text()).toContain('That message is no longer in the chat.');
      // Gone from history too: a fresh load does not bring it back.
      await player.page.reload();
      await expect(messages(player.page).filter({ hasText: kept })).toHaveCount(1);
      await expect(messages(player.page).filter({ hasText: doomed })).toHaveCount(0);

      // A guild's room: the Delete there names the guild, and the member's open chat loses the message.
      await openGuildChat(player.page, guild.id);
      await openGuildChat(admin.page, guild.id);
      const guildDoomed = `guild delete me ${uniqueName('t')}`;
      await sayInGuild(player.page, guildDoomed);
      const inGuild = messages(guildChat(admin.page)).filter({ hasText: guildDoomed });
      await inGuild.getByRole('button', { name: `Delete message from ${username}` }).click();
      await admin.page.getByRole('alertdialog', { name: `Delete this message from ${username}?` }).getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(messages(guildChat(player.page)).filter({ hasText: guildDoomed })).toHaveCount(0);
      await expect(inGuild).toHaveCount(0);

      expect([...admin.errors, ...player.errors], 'console errors').toEqual([]);
      await admin.context.close();
      await player.context.close();
    } finally {
      await server.stop();
    }
  });
});

