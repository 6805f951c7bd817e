/** The market (docs/design.md section 8.5, ADR 019): what the composition root uses. */
export { marketRoutes } from './routes';
export { closeListingsOf } from './decide';
