/** What other features use of the contracts: the progress their intents make, in their own batch. */
export { withContractProgress } from './progress';
