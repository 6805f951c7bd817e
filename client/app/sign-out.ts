import { toast } from '../lib/toasts';
import { PATHS } from '../paths';

/** Set across the reload that ends a sign-out, so the next page says it happened. */
const SIGNED_OUT_KEY = 'scavenger.signedOut';

/**
 * docs/spec.md section 2: Sign Out returns to /. It leaves the chat first ('sign-out', docs/spec.md section 7), then ends the
 * session, then reloads: a full page load drops every piece of the old session's state at once, so no guard
 * acts on a half-signed-out app.
 */
export async function signOut() {
  const { leave } = await import('./leave');
  await leave();
  sessionStorage.setItem(SIGNED_OUT_KEY, '1');
  window.location.assign(PATHS.home);
}

/** After the reload, the toast region (a status region) says the sign-out happened: a reload alone says nothing. */
export function sayIfSignedOut() {
  if (sessionStorage.getItem(SIGNED_OUT_KEY) === null) return;
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  toast('You are signed out.');
}
