// Prepares a fresh clone for `npm run dev`: a .dev.vars (never committed) with a generated session secret and
// a development VAPID key pair for push notifications, each added when missing.
import { randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { vapidKeyPair } from './vapid-keys.mjs';

const target = new URL('../.dev.vars', import.meta.url);
if (!existsSync(target)) {
  copyFileSync(new URL('../.dev.vars.example', import.meta.url), target);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(target, readFileSync(target, 'utf8').replace('change-me-to-a-long-random-string', secret));
  console.info('Created .dev.vars with a generated SESSION_SECRET (development only).');
}

// The same keys `npm run vapid-keys` makes for production.
if (!/^VAPID_PUBLIC_KEY=\S/m.test(readFileSync(target, 'utf8'))) {
  const { publicKey, privateKey } = vapidKeyPair();
  const kept = readFileSync(target, 'utf8').replace(/^VAPID_(PUBLIC|PRIVATE)_KEY=.*\n?/gm, '');
  writeFileSync(target, kept.endsWith('\n') || kept === '' ? kept : `${kept}\n`);
  appendFileSync(target, `# Development push keys, made by scripts/dev-setup.mjs.\nVAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`);
  console.info('Added a development VAPID key pair to .dev.vars (push notifications).');
}
