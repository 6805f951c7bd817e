/**
 * The chat feature's entry: what other features may use (the boundaries in .dependency-cruiser.cjs let a
 * feature import another only through its index.ts). The rooms hear what the game did (news, notices) from a commit
 * watcher and the server firsts from a commit hook, both declared in ./feature.ts, never called by a feature (an
 * ESLint rule holds this); accounts, guilds and moderation reach a player's open sockets and a guild's room.
 */
export { restartChat, seedChatHistory } from './dev-fixtures';
export { deleteChatMessage, endChatSockets, endGuildSockets, forgetGuildRoom, muteInRooms, onlineInGuildRoom, retagInLobby } from './room-calls';
