/** The gold shop (docs/design.md section 9.3): what the composition root uses. */
export { shopRoutes } from './routes';
