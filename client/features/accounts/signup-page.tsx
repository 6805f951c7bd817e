import { useState, type FormEvent } from 'react';
import { MSG } from '../../../game/messages';
import { SignupSchema } from '../../../game/schemas';
import { Button, Card, CardLink, Field, Form, problemOf, type FormProblem } from '../../components/forms';
import { ApiError } from '../../lib/api';
import { PATHS } from '../../paths';
import { accountsApi } from './api';
import { GoogleButton } from './google-button';
import { useSession } from '../../lib/session';

export default function SignupPage() {
  const { refresh } = useSession();
  const [error, setError] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      email: String(form.get('email')),
      password: String(form.get('password')),
      confirmPassword: String(form.get('confirmPassword')),
    };
    // The same schema the server applies, so the player learns of a mismatch without a round trip.
    const checked = SignupSchema.safeParse(body);
    if (!checked.success) {
      setError(problemOf(checked.error.issues, MSG.signupFailed));
      return;
    }
    setBusy(true);
    try {
      await accountsApi.signup(body);
      // A new account has no username yet: the guards now lead to the choose-username screen.
      await refresh();
    } catch (e) {
      setError({ message: e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : MSG.signupFailed });
      setBusy(false);
    }
  }

  return (
    <Card title="Create account">
      <Form onSubmit={(event) => void submit(event)} problem={error}>
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required />
        <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <Button type="submit" disabled={busy}>
          Create account
        </Button>
      </Form>
      <GoogleButton label="Sign up with Google" />
      <CardLink to={PATHS.login} lead="Already have an account?">
        Login
      </CardLink>
    </Card>
  );
}
