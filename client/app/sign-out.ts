import { PATHS } from '../paths';

/**
 * docs/spec.md section 2: Sign Out returns to /. It leaves the chat first ('sign-out', docs/spec.md section 7), then ends the
 * session, then reloads: a full page load drops every piece of the old session's state at once, so no guard
 * acts on a half-signed-out app.
 */
export async function signOut() {
  // Loaded on demand: neither the chat nor the HTTP client (with the API contract) is part of the landing bundle.
  const { signOutOfChat } = await import('../features/chat/connection');
  await signOutOfChat();
  try {
    const { authApi } = await import('../features/auth/api');
    await authApi.logout();
  } catch (error) {
    console.warn('sign-out failed', error);
  }
  window.location.assign(PATHS.home);
}
