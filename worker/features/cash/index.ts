/** What other features use of the cash shop: the Showcase on the public player card. */
export { showcaseRead, toShowcase } from './showcase-read';
