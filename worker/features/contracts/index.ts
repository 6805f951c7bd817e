/** What other features use of the contracts: their table, which a dev fixture fills. */
export { contractProgress } from './schema';
