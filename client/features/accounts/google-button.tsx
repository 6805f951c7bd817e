import { accountsApi } from './api';
import { useSession } from '../../lib/session';

/**
 * Starts Google sign-in (docs/design.md section 2). Shown only where the operator configured it: a button that could
 * only answer "not configured" is a dead end (docs/deviations.md 15).
 */
export function GoogleButton({ label }: { label: string }) {
  const { info } = useSession();
  if (!info?.googleEnabled) return null;
  return (
    <button type="button" className="btn-secondary mt-4 w-full" onClick={() => window.location.assign(accountsApi.googleStartUrl)}>
      {label}
    </button>
  );
}
