import { MSG } from '../../../game/messages';
import { authApi } from './api';
import { useSession } from '../../lib/session';

/** Starts Google sign-in, or says it is not configured (DESIGN.md section 2). */
export function GoogleButton({ label, onUnavailable }: { label: string; onUnavailable: (message: string) => void }) {
  const { info } = useSession();
  return (
    <button
      type="button"
      className="btn-secondary mt-4 w-full"
      onClick={() => {
        if (info?.googleEnabled) window.location.assign(authApi.googleStartUrl);
        else onUnavailable(MSG.googleNotConfigured);
      }}
    >
      {label}
    </button>
  );
}
