/**
 * This browser's side of push notifications: whether it can have them, its subscription, and making one with
 * the server's public key. The server stores the subscription (notificationsApi.addDevice).
 */
import type { PushDevice } from '../../../game/schemas';

/** Why this browser could not be turned on, in a sentence for the player. */
export class PushDeviceError extends Error {}

/** How long the browser's push service has to hand out a subscription (usually a second or two). */
const SUBSCRIBE_WAIT_MS = 10_000;

/** What this browser allows: no push at all, blocked by the player, not asked yet, or allowed. */
export type PushPermission = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushPermission(): PushPermission {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** The game's service worker, if it is registered: it may not be yet (or ever, where a browser blocks it). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushPermission() === 'unsupported') return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/** The key as pushManager.subscribe wants it: bytes, from the server's base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Asks the player (the browser's own prompt) and subscribes; throws with a sentence a player can act on. */
export async function subscribe(publicKey: string): Promise<PushDevice> {
  const ready = await registration();
  if (!ready) throw new PushDeviceError('The game’s service worker is not running in this browser: reload the page and try again.');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDeviceError('Notifications are blocked for this site: allow them in the browser’s site settings, then try again.');
  const existing = await ready.pushManager.getSubscription();
  let subscription = existing;
  try {
    // A browser that cannot reach its push service may never answer: the player is not left waiting on it.
    subscription ??= await Promise.race([
      ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${SUBSCRIBE_WAIT_MS} ms`)), SUBSCRIBE_WAIT_MS)),
    ]);
  } catch (error) {
    // The browser's own words ("Registration failed - push service error") tell a player nothing.
    console.warn('push subscription failed', error);
    throw new PushDeviceError('This browser could not reach its notification service: check your connection and try again.');
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushDeviceError('This browser gave no push address: try again later.');
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}
