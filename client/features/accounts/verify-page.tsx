/**
 * The page a verification link opens (`/verify?token=`, issue #15): it sends the token once and says what the
 * server decided. Public, so the link works in a browser that is not signed in.
 */
import { useSearchParams } from 'react-router';
import { MSG } from '../../../game/messages';
import { Loading } from '../../components/ui';
import { Card, CardLink, Notice } from '../../components/forms';
import { useRead } from '../../lib/query';
import { useSession } from '../../lib/session';
import { PATHS } from '../../paths';
import { accountsApi } from './api';

export default function VerifyPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { refresh } = useSession();
  // The session's emailVerified changes with it; the profile stops offering to resend.
  const verified = useRead(accountsApi.verification(token, refresh), 'email verification failed');
  return (
    <Card title="Verify email">
      {verified.loading ? <Loading /> : <Notice error={verified.error && MSG.verifyLinkInvalid} success={verified.data?.message} />}
      <CardLink to={PATHS.profile}>Go to your profile</CardLink>
    </Card>
  );
}
