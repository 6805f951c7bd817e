// A VAPID key pair for push notifications (docs/decisions/018-notifications.md), in the format the Worker's
// secrets hold: the P-256 public point and the private scalar, base64url. `npm run vapid-keys` prints one for an
// operator to set with `wrangler secret put`; scripts/dev-setup.mjs writes one into .dev.vars.
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export function vapidKeyPair() {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]).toString('base64url');
  return { publicKey, privateKey: jwk.d };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { publicKey, privateKey } = vapidKeyPair();
  console.info(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
}
