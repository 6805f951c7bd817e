/** Types of scripts/vapid-keys.mjs, which vitest.config.ts imports. */
export function vapidKeyPair(): { publicKey: string; privateKey: string };
