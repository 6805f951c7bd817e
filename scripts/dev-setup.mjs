// Prepares a fresh clone for `npm run dev`: a .dev.vars with a generated session secret (never committed).
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const target = new URL('../.dev.vars', import.meta.url);
if (!existsSync(target)) {
  copyFileSync(new URL('../.dev.vars.example', import.meta.url), target);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(target, readFileSync(target, 'utf8').replace('change-me-to-a-long-random-string', secret));
  console.info('Created .dev.vars with a generated SESSION_SECRET (development only).');
}
