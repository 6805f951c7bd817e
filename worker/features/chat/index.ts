/**
 * The chat feature's entry: what other features may use (the boundaries in .dependency-cruiser.cjs let a
 * feature import another only through its index.ts). The game tells the rooms what happened (news, notices);
 * accounts, guilds and moderation reach a player's open sockets and a guild's room.
 */
export { restartChat, seedChatHistory } from './dev-fixtures';
export { claimingFirsts, reportFirsts } from './firsts';
export { notifyPlayer, reportLevels, reportNews } from './news';
export { deleteChatMessage, endChatSockets, endGuildSockets, forgetGuildRoom, muteInRooms, onlineInGuildRoom, retagInLobby } from './room-calls';
