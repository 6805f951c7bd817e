/**
 * The profile screen as the shell shows it: the page with the parts other features put in its slots (their
 * `feature.ts` fills them; the shell hands them in), and a new player's first-run guide while it is due.
 */
import { Suspense, type ComponentProps, type ComponentType } from 'react';
import type { ScreenProps, SlotName } from '../../lib/feature';
import { firstRun } from '../../lib/first-run';
import { useSignedInPlayer } from '../../lib/session';
import { ProfilePage } from './profile-page';

type PageProps = ComponentProps<typeof ProfilePage>;

declare module '../../lib/feature' {
  interface Slots {
    'profile.trophy-case': PageProps['TrophyCase'];
    'profile.craft': PageProps['Craft'];
    /** Today's contracts (docs/design.md section 8.2). */
    'profile.contracts': PageProps['Contracts'];
    /** What cash buys, opened from the header's cash. */
    'profile.cash-shop': PageProps['CashShop'];
    /** The landing's first-run guide, over a new player's first profile. */
    'profile.first-run-guide': ComponentType;
  }
}

export default function ProfileScreen({ slots, shell }: ScreenProps<Extract<SlotName, `profile.${string}`>>) {
  const { uid } = useSignedInPlayer();
  const FirstRunGuide = slots['profile.first-run-guide'];
  return (
    <>
      <ProfilePage
        TrophyCase={slots['profile.trophy-case']}
        Craft={slots['profile.craft']}
        Contracts={slots['profile.contracts']}
        CashShop={slots['profile.cash-shop']}
        onSignOut={shell.signOut}
      />
      {firstRun.isDue(uid) && (
        <Suspense fallback={null}>
          <FirstRunGuide />
        </Suspense>
      )}
    </>
  );
}
