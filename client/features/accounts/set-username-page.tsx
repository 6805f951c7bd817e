import { useEffect, useId, useState, type FormEvent } from 'react';
import { MSG } from '../../../game/messages';
import { UsernameSchema } from '../../../game/schemas';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_REDIRECT_MS } from '../../../game/constants';
import { Button, Card, Field, Form, problemOf, type FormProblem } from '../../components/forms';
import { ApiError } from '../../lib/api';
import { firstRun } from '../../lib/first-run';
import { useSession } from '../../lib/session';
import { accountsApi } from './api';

const FIELD = 'username';

/** The schema's verdict on a name, as the problem of the field (the schema checks a bare string, so it names no field). */
function problemWith(username: string): FormProblem | null {
  const checked = UsernameSchema.safeParse(username);
  return checked.success ? null : { ...problemOf(checked.error.issues, MSG.usernameInvalid), field: FIELD };
}

/**
 * A name that can already never become valid by typing on: too long or with a character the rules refuse. Said
 * while the player types (a paste of 17 characters is kept whole, not cut to 15, and told at once); a name that is
 * merely still short is said only on Confirm.
 */
const alreadyWrong = (username: string) => username.length > USERNAME_MAX || /[^A-Za-z0-9]/.test(username);

/**
 * docs/spec.md section 2 "Choose username screen": a field and Confirm. A username cannot be changed, so the rules
 * come before the field and the name that will be used is shown before Confirm commits it (issue 24, 8b). The
 * field takes whatever is typed or pasted (no maxLength cutting it silently); the schema's message is tied to it.
 */
export default function SetUsernamePage() {
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<FormProblem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uid = useSession().info?.user?.uid;
  const rulesId = useId();

  // docs/spec.md section 8: after success the page reloads by itself after 2 seconds; the guards then route onwards.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => window.location.reload(), USERNAME_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const username = value.trim();
  const live = alreadyWrong(username) ? problemWith(username) : null;
  const problem = live ?? refusal;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wrong = problemWith(username);
    if (wrong) {
      setRefusal(wrong);
      return;
    }
    setBusy(true);
    try {
      const { message } = await accountsApi.setUsername({ username });
      // The new player's first profile opens with the first-run guide.
      if (uid) firstRun.start(uid);
      setSuccess(message);
      setRefusal(null);
    } catch (e) {
      setRefusal({ message: e instanceof ApiError ? e.message : MSG.signupFailed });
      setBusy(false);
    }
  }

  return (
    <Card title="Choose your username">
      <div id={rulesId} className="mb-4 space-y-1 text-sm text-slate-600 dark:text-slate-300" data-testid="username-rules">
        <p>Other players know you by it, and it cannot be changed later.</p>
        <p>
          {USERNAME_MIN} to {USERNAME_MAX} characters: letters (A to Z, upper or lower case) and digits only, no spaces.
        </p>
      </div>
      <Form onSubmit={(event) => void submit(event)} problem={problem} success={success}>
        <Field
          label="Username"
          name={FIELD}
          autoComplete="username"
          required
          disabled={!!success}
          value={value}
          aria-describedby={rulesId}
          onChange={(event) => {
            setValue(event.target.value);
            setRefusal(null);
          }}
        />
        {!success && username && !problemWith(username) && (
          <p className="mb-4 text-sm" data-testid="username-preview">
            You will play as <strong className="break-all">{username}</strong>. This is for good.
          </p>
        )}
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
