/**
 * Until the player proves their address (issue #15), the profile says so and offers another link. Playing
 * never waits for it; the address matters for Google sign-in and password resets.
 */
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { useSignedInPlayer } from '../../lib/session';
import { profileApi } from './api';
import { Button } from '../../components/forms';

export function VerifyEmailBanner() {
  const { email, emailVerified } = useSignedInPlayer();
  const [answer, setAnswer] = useState<{ text: string; refused: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  if (emailVerified) return null;

  async function resend() {
    setBusy(true);
    try {
      setAnswer({ text: (await profileApi.resendVerification()).message, refused: false });
    } catch (e) {
      setAnswer({ text: messageOf(e), refused: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Email verification" className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm ring-1 ring-amber-200 dark:bg-amber-500/10 dark:ring-amber-500/30">
      <p className="min-w-0 flex-1">
        Confirm your email address: we sent a link to <strong className="break-all">{email}</strong>.
      </p>
      <Button className="inline-flex min-h-11 items-center rounded-lg bg-amber-700 px-3 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-50" onClick={() => void resend()} disabled={busy}>
        Resend verification
      </Button>
      {answer && (
        <p role={answer.refused ? 'alert' : 'status'} className={`basis-full font-medium ${answer.refused ? 'text-red-700 dark:text-red-400' : 'text-green-800 dark:text-green-400'}`}>
          {answer.text}
        </p>
      )}
    </section>
  );
}
