import { useEffect, useState, type FormEvent } from 'react';
import { MSG } from '../../../game/messages';
import { UsernameSchema } from '../../../game/schemas';
import { USERNAME_MAX, USERNAME_REDIRECT_MS } from '../../../game/constants';
import { Button, Card, Field, Form } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { firstRun } from '../../lib/first-run';
import { useSession } from '../../lib/session';
import { authApi } from './api';

export default function SetUsernamePage() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uid = useSession().info?.user?.uid;

  // docs/spec.md section 8: after success the page reloads by itself after 2 seconds; the guards then route onwards.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => window.location.reload(), USERNAME_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const username = String(new FormData(event.currentTarget).get('username')).trim();
    const checked = UsernameSchema.safeParse(username);
    if (!checked.success) {
      setError(MSG.usernameInvalid);
      return;
    }
    setBusy(true);
    try {
      const { message } = await authApi.setUsername({ username });
      // The new player's first profile opens with the first-run guide.
      if (uid) firstRun.start(uid);
      setSuccess(message);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MSG.signupFailed);
      setBusy(false);
    }
  }

  return (
    <Card title="Choose your username">
      <Form onSubmit={(event) => void submit(event)} problem={error ? { message: error } : null} success={success}>
        <Field label="Username" name="username" autoComplete="username" maxLength={USERNAME_MAX} required disabled={!!success} />
        <Button type="submit" disabled={busy || !!success}>
          Confirm
        </Button>
      </Form>
      {success && (
        <button type="button" className="link mt-4 text-sm" onClick={() => window.location.reload()}>
          {MSG.redirecting}
        </button>
      )}
    </Card>
  );
}
