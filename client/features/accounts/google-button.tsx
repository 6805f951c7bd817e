import { useSession } from '../../lib/session';

/**
 * Not a JSON call but a page the browser goes to (it redirects to Google), so not in the contract; and not in
 * ./api.ts, which would bring the contract to the login form's first paint.
 */
const GOOGLE_START_URL = '/api/auth/google/start';

/**
 * Starts Google sign-in (docs/design.md section 2). Shown only where the operator configured it: a button that could
 * only answer "not configured" is a dead end (docs/deviations.md 15).
 */
export function GoogleButton({ label }: { label: string }) {
  const { info } = useSession();
  if (!info?.googleEnabled) return null;
  return (
    <button type="button" className="btn-secondary mt-4 w-full" onClick={() => window.location.assign(GOOGLE_START_URL)}>
      {label}
    </button>
  );
}
