// Lets Node run the project's TypeScript as it is (`node --import ./scripts/ts-resolve.mjs file.ts`): Node 22 strips
// the types itself, and this hook resolves the extensionless relative imports the code uses (`./rarity`) to
// their `.ts` files. For scripts over game/ only (`npm run simulate:rules`); the app is built by Vite.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!specifier.startsWith('.') || /\\.[cm]?[jt]s$/.test(specifier)) throw error;
    return next(specifier + '.ts', context);
  }
}
`),
  import.meta.url,
);
