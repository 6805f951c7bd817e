import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../game/messages';
import { Button, Card, CardLink, Field, Form } from '../../components/forms';
import { PATHS } from '../../paths';
import { GoogleButton } from './google-button';
import { useSession } from '../../lib/session';

/**
 * What the Google callback's `?error=` means (worker/features/accounts/google.ts). A Map, not an object: the
 * query is the visitor's to write, and `?error=__proto__` must read as an unknown code, not as a key of
 * Object.prototype (which rendered a non-string and blanked the app).
 */
const GOOGLE_ERRORS = new Map<string, string>([
  ['google', MSG.googleFailed],
  ['google-unverified', MSG.googleLinkUnverified],
]);

/** What the game is, for a phone visitor who never saw the landing page. */
const PITCH = 'Scavenger is a loot game for a few minutes at a time: scavenge for random finds, research them, and fill a trophy case worth envying.';

export default function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(GOOGLE_ERRORS.get(params.get('error') ?? '') ?? null);
  // A failed login is about both fields: which one was wrong is never said (docs/spec.md section 8).
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    // The contract loads with the first submit, not with the form: a phone's first screen is this form (issue #57).
    // Unreachable, it fails as the login's own request would have: with the one message every failure shows.
    const loaded = await Promise.all([import('./api'), import('../../lib/api')]).catch(() => null);
    if (!loaded) {
      setError(MSG.invalidLogin);
      setBusy(false);
      return;
    }
    const [{ accountsApi }, { refusalOf }] = loaded;
    try {
      await accountsApi.login({ identifier: String(form.get('identifier')), password: String(form.get('password')) });
      await refresh();
      navigate(PATHS.profile);
    } catch (e) {
      // Every login failure reads the same (docs/spec.md section 8); throttling says so, and so does a ban, which the
      // server reveals only to the right password (docs/design.md section 7.5).
      const { code, message } = refusalOf(e);
      setError(code === 'throttled' || code === 'banned' ? message : MSG.invalidLogin);
      setBusy(false);
    }
  }

  return (
    <Card title="Login">
      {/* A phone visitor at / comes straight here (docs/spec.md section 2): say what the game is first. */}
      <p className="-mt-3 mb-5 text-sm text-slate-600 sm:hidden dark:text-slate-300" data-testid="pitch">
        {PITCH}
      </p>
      <Form onSubmit={(event) => void submit(event)} problem={error ? { message: error } : null}>
        <Field label="Email or username" name="identifier" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={busy}>
          Login
        </Button>
      </Form>
      <CardLink to={PATHS.resetPassword} className="mt-2">
        Forgot password?
      </CardLink>
      <GoogleButton label="Login with Google" />
      <CardLink to={PATHS.signup}>Create an account</CardLink>
    </Card>
  );
}
