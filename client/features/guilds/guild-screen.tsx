/**
 * A guild's page as the shell shows it: its chat and Salvage Drive sections hold what the chat and the drive
 * features put in its slots (their `feature.ts` fills them; the shell hands them in), each loaded with the page's
 * first render of it.
 */
import { Suspense, type ComponentType } from 'react';
import { Loading } from '../../components/ui';
import type { ScreenProps, SlotName } from '../../lib/feature';
import { GuildPage, type GuildPageProps, type GuildPresence } from './guild-page';

declare module '../../lib/feature' {
  interface Slots {
    /** The guild's room; it tells the page who is online there, for the members' dots. */
    'guilds.chat': ComponentType<{ guildId: string; onPresence: (presence: GuildPresence) => void }>;
    /** The guild's Salvage Drive (docs/design.md section 8.6). */
    'guilds.drive': ComponentType<{ guildId: string }>;
  }
}

export default function GuildScreen({ slots }: ScreenProps<Extract<SlotName, `guilds.${string}`>>) {
  const Chat = slots['guilds.chat'];
  const Drive = slots['guilds.drive'];
  const chat: GuildPageProps['chat'] = (guildId, onPresence) => (
    <Suspense fallback={<Loading />}>
      <Chat guildId={guildId} onPresence={onPresence} />
    </Suspense>
  );
  const drive: GuildPageProps['drive'] = (guildId) => (
    <Suspense fallback={<Loading />}>
      <Drive guildId={guildId} />
    </Suspense>
  );
  return <GuildPage chat={chat} drive={drive} />;
}
