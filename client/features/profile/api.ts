import { useCallback, useEffect, useState } from 'react';
import { MSG } from '../../../game/messages';
import type { Profile } from '../../../game/schemas';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export const profileApi = {
  get: (uid: string) => api.get<Profile>(`/api/users/${encodeURIComponent(uid)}`),
};

/** The signed-in player's profile, with the spec's failure text when it cannot be read. */
export function useProfile() {
  const uid = useSession().info?.user?.uid;
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    if (!uid) return;
    return profileApi.get(uid).then(
      (next) => {
        setProfile(next);
        setError(null);
      },
      (e: unknown) => {
        console.warn(MSG.profileFetchFailed, e);
        setError(MSG.profileFetchFailed);
      },
    );
  }, [uid]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { profile, error, reload };
}
