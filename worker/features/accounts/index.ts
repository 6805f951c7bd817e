/** What other features use of the accounts: the dev mailbox's table, which the dev routes read. */
export { devOutbox } from './schema';
