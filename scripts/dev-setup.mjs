// Prepares a fresh clone for `npm run dev`: a .dev.vars (never committed) with a generated session secret and
// a development VAPID key pair for push notifications, each added when missing.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const target = new URL('../.dev.vars', import.meta.url);
if (!existsSync(target)) {
  copyFileSync(new URL('../.dev.vars.example', import.meta.url), target);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(target, readFileSync(target, 'utf8').replace('change-me-to-a-long-random-string', secret));
  console.info('Created .dev.vars with a generated SESSION_SECRET (development only).');
}

// The same key format as README "Push notifications" makes for production: the public point and the private
// scalar, base64url.
if (!/^VAPID_PUBLIC_KEY=\S/m.test(readFileSync(target, 'utf8'))) {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]).toString('base64url');
  const kept = readFileSync(target, 'utf8').replace(/^VAPID_(PUBLIC|PRIVATE)_KEY=.*\n?/gm, '');
  writeFileSync(target, kept.endsWith('\n') || kept === '' ? kept : `${kept}\n`);
  appendFileSync(target, `# Development push keys, made by scripts/dev-setup.mjs.\nVAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${jwk.d}\n`);
  console.info('Added a development VAPID key pair to .dev.vars (push notifications).');
}
