/**
 * What sign-out does before the reload (./sign-out.ts), loaded on demand: neither the chat nor the HTTP client
 * (with the API contract) is part of the landing bundle, and one chunk costs it one import instead of two.
 */
import { accountsApi } from '../features/accounts/api';
import { signOutOfChat } from '../features/chat/connection';

/** Leaves the chat ('sign-out', docs/spec.md section 7), then ends the session. */
export async function leave() {
  await signOutOfChat();
  try {
    await accountsApi.logout();
  } catch (error) {
    console.warn('sign-out failed', error);
  }
}
