/** The guild Salvage Drive (docs/design.md section 8.6): what the composition root uses. */
export { driveRoutes } from './routes';
export { driveProgressHook } from './progress';
