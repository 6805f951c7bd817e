/** Random ids the Worker makes. */

/** Bytes as base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A new item's id: 12 random bytes, 16 characters (96 bits, so no two items share one). Shorter than a UUID because
 * every item's key, listing and pinned trophy repeats it (docs/decisions/014-bounded-costs.md, "Storage").
 */
export const newItemId = () => base64url(crypto.getRandomValues(new Uint8Array(12)));
