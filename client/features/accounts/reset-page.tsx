import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../game/messages';
import { ResetConfirmSchema } from '../../../game/schemas';
import { Button, Card, CardLink, Field, Form, Notice, problemOf, type FormProblem } from '../../components/forms';
import { ApiError } from '../../lib/api';
import { PATHS } from '../../paths';
import { accountsApi } from './api';

function RequestReset() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email'));
    setBusy(true);
    try {
      setSuccess((await accountsApi.requestReset({ email })).message);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? e.message : MSG.resetFailed);
      setSuccess(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Reset password">
      <Form onSubmit={(event) => void submit(event)} problem={error ? { message: error } : null} success={success}>
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" disabled={busy}>
          Reset Password
        </Button>
      </Form>
      <CardLink to={PATHS.login}>Back to login</CardLink>
    </Card>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [error, setError] = useState<FormProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { token, password: String(form.get('password')), confirmPassword: String(form.get('confirmPassword')) };
    const checked = ResetConfirmSchema.safeParse(body);
    if (!checked.success) {
      setError(problemOf(checked.error.issues, MSG.resetLinkInvalid));
      return;
    }
    try {
      setDone((await accountsApi.confirmReset(body)).message);
      setError(null);
    } catch (e) {
      setError({ message: e instanceof ApiError ? e.message : MSG.resetLinkInvalid });
    }
  }

  return (
    <Card title="Choose a new password">
      {done ? (
        <>
          <Notice success={done} />
          <Link className="btn-primary mt-6 inline-block" to={PATHS.login}>
            Login
          </Link>
        </>
      ) : (
        <Form onSubmit={(event) => void submit(event)} problem={error}>
          <Field label="New password" name="password" type="password" autoComplete="new-password" required />
          <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required />
          <Button type="submit">Set new password</Button>
        </Form>
      )}
    </Card>
  );
}

export default function ResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestReset />;
}
