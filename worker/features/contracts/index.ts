/** What the composition root uses of the contracts: the hook that counts every intent's progress in its own batch. */
export { contractProgressHook } from './progress';
