/**
 * Sending a push (docs/design.md section 8.7): RFC 8291 encryption and RFC 8292 VAPID through
 * @block65/webcrypto-web-push, which runs on Web Crypto. The keys are the Worker's secrets
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY; README "Push notifications"), and the subject is the game's origin.
 */
import { buildPushPayload, type VapidKeys } from '@block65/webcrypto-web-push';
import type { PushNotice } from '../../../game/rules/notices';
import { isDevelopment } from '../../core/env';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The push services of the browsers players use. A subscription elsewhere would have the Worker post to any
 * host a caller names (a request forger), so it is refused. Development and tests may also name this machine.
 */
const PUSH_SERVICES = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /(^|\.)notify\.windows\.com$/];
const THIS_MACHINE = new Set(['localhost', '127.0.0.1']);

export function isPushEndpoint(endpoint: string, env: Env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (isDevelopment(env) && THIS_MACHINE.has(url.hostname)) return true;
  return url.port === '' && PUSH_SERVICES.some((host) => host.test(url.hostname));
}

/** The VAPID keys, or null when the operator has not set them (push is then off; the badge still works). */
export function vapidKeys(env: Env): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { subject: env.APP_ORIGIN || 'mailto:admin@localhost', publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
}

/** What the push service said: delivered, or the subscription is gone for good (404, 410) and should be forgotten. */
export type Delivery = 'sent' | 'gone' | 'failed';

export async function sendPush(subscription: StoredSubscription, notice: PushNotice, vapid: VapidKeys): Promise<Delivery> {
  const payload = await buildPushPayload(
    // A day: a notice older than that is news to nobody. The topic lets a newer notice of a kind replace one still queued.
    { data: { ...notice }, options: { ttl: 24 * 60 * 60, topic: notice.kind, urgency: notice.kind === 'attacked' ? 'high' : 'normal' } },
    { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    vapid,
  );
  const response = await fetch(subscription.endpoint, payload);
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'sent' : 'failed';
}
