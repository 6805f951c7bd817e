/**
 * /admin (docs/design.md section 7.5): the admin mutes a player in every room for 10 minutes to 7 days, bans and
 * unbans, and reads who is muted or banned and the log of every action with who took it. Chat messages are
 * deleted from the chat screen itself, where the admin sees them. Only the admin reaches this page (AdminOnly),
 * and the server answers everyone else's calls with a 404.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MUTE_MAX_MINUTES, MUTE_MIN_MINUTES } from '../../../game/constants';
import { MuteSchema, UsernameBodySchema } from '../../../game/schemas';
import type { Moderation, ModerationEntry } from '../../../game/wire';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { Panel } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { toast } from '../../lib/toasts';
import { ScreenHeading } from '../../components/ui';
import { Button, Notice } from '../../components/forms';
import { count } from '../../components/count';
import { setRead, useRead } from '../../lib/query';
import { useIntent } from '../../lib/use-intent';
import { PATHS } from '../../paths';
import { moderationApi } from './api';

const HOUR = 60;
const DAY = 24 * HOUR;
/** "10 minutes", "1 hour", "3 days": a mute's length in its largest whole unit. */
const durationLabel = (minutes: number) =>
  minutes % DAY === 0 ? count(minutes / DAY, 'day') : minutes % HOUR === 0 ? count(minutes / HOUR, 'hour') : count(minutes, 'minute');
/** The durations offered, from the shortest mute the server takes to the longest. */
const DURATIONS = [MUTE_MIN_MINUTES, 30, HOUR, 6 * HOUR, DAY, 3 * DAY, MUTE_MAX_MINUTES].map((minutes) => ({ minutes, label: durationLabel(minutes) }));

/** The log's actions as a sentence's verb (the server's MODERATION_ACTIONS); anything newer shows as sent. */
const VERBS: Record<string, string> = { mute: 'muted', unmute: 'unmuted', ban: 'banned', unban: 'unbanned', 'delete-message': 'deleted a message by' };

type IntentName = 'mute' | 'unmute' | 'ban' | 'unban';

const when = (ms: number) => new Date(ms).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const Time = ({ ms }: { ms: number }) => <time dateTime={new Date(ms).toISOString()}>{when(ms)}</time>;

export function AdminPage() {
  const state = useRead(moderationApi.moderation, 'could not read the moderation state');
  const intent = useIntent<IntentName>();
  const [banning, setBanning] = useState<string | null>(null);

  const act = (name: IntentName, request: () => Promise<Moderation>, done: string) =>
    intent.run(name, async () => {
      // Each action answers the fresh state, which replaces the one shown.
      setRead(moderationApi.moderation, await request());
      toast(done);
    });

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <header>
        <ScreenHeading title="Admin" className="text-3xl font-black tracking-tight" />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Moderation: mute or ban players, and every action taken, with who took it.</p>
      </header>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <div className="space-y-4">
          <PlayerForm
            busy={intent.busy()}
            onMute={(username, minutes, label) => act('mute', () => moderationApi.mute(username, minutes), `${username} is muted for ${label}.`)}
            onBan={setBanning}
          />
          <Panel title="Muted players" id="muted-title">
            <ReadState read={state} empty={{ when: ({ muted }) => muted.length === 0, show: <Empty>Nobody is muted.</Empty> }}>
              {({ muted }) => (
                <ul className="mt-3 space-y-2" aria-labelledby="muted-title">
                  {muted.map(({ username, until }) => (
                    <Row key={username} testId="muted-player" name={username} detail={<>until <Time ms={until} /></>}>
                      <Button className="btn-secondary px-3" disabled={intent.busy()} onClick={() => void act('unmute', () => moderationApi.unmute(username), `${username} is no longer muted.`)}>
                        Unmute<span className="sr-only"> {username}</span>
                      </Button>
                    </Row>
                  ))}
                </ul>
              )}
            </ReadState>
          </Panel>
          <Panel title="Banned players" id="banned-title">
            <ReadState read={state} empty={{ when: ({ banned }) => banned.length === 0, show: <Empty>Nobody is banned.</Empty> }}>
              {({ banned }) => (
                <ul className="mt-3 space-y-2" aria-labelledby="banned-title">
                  {banned.map(({ username, since }) => (
                    <Row key={username} testId="banned-player" name={username} detail={<>since <Time ms={since} /></>}>
                      <Button className="btn-secondary px-3" disabled={intent.busy()} onClick={() => void act('unban', () => moderationApi.unban(username), `${username} is no longer banned.`)}>
                        Unban<span className="sr-only"> {username}</span>
                      </Button>
                    </Row>
                  ))}
                </ul>
              )}
            </ReadState>
          </Panel>
        </div>
        <Panel title="Moderation log" id="log-title">
          <ReadState read={state} empty={{ when: ({ log }) => log.length === 0, show: <Empty>No moderation actions yet.</Empty> }}>
            {({ log }) => (
              <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-labelledby="log-title">
                {log.map((entry) => (
                  <LogEntry key={entry.id} entry={entry} />
                ))}
              </ol>
            )}
          </ReadState>
        </Panel>
      </div>

      {banning && (
        <ConfirmDialog
          question={`Ban ${banning}?`}
          confirmLabel="Ban"
          busy={intent.busy('ban')}
          onCancel={() => setBanning(null)}
          onConfirm={() => void act('ban', () => moderationApi.ban(banning), `${banning} is banned.`).then(() => setBanning(null))}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">Their sessions end, their chat closes, and they cannot sign in until you unban them.</p>
        </ConfirmDialog>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}

/** The player to act on, checked with the server's own schema before anything is sent. */
function PlayerForm({
  busy,
  onMute,
  onBan,
}: {
  busy: boolean;
  onMute: (username: string, minutes: number, label: string) => Promise<void>;
  onBan: (username: string) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  /** What the schema says of the form's values: the values, or null after showing what is wrong. */
  const check = <T,>(checked: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }) => {
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    return checked.success ? checked.data : null;
  };
  const username = (form: HTMLFormElement) => String(new FormData(form).get('username')).trim();
  const mute = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minutes = Number(new FormData(event.currentTarget).get('minutes'));
    const wanted = check(MuteSchema.safeParse({ username: username(event.currentTarget), minutes }));
    if (wanted) void onMute(wanted.username, wanted.minutes, DURATIONS.find((duration) => duration.minutes === wanted.minutes)?.label ?? `${wanted.minutes} minutes`);
  };
  const ban = (form: HTMLFormElement | null) => {
    const wanted = form && check(UsernameBodySchema.safeParse({ username: username(form) }));
    if (wanted) onBan(wanted.username);
  };

  return (
    <Panel title="Mute or ban a player" id={`${id}-title`}>
      <form className="mt-3" onSubmit={mute} noValidate>
        <label htmlFor={`${id}-username`} className="mb-1 block text-sm font-medium">
          Username
        </label>
        <input id={`${id}-username`} name="username" className="input mb-4" autoComplete="off" required />
        <label htmlFor={`${id}-minutes`} className="mb-1 block text-sm font-medium">
          Mute for
        </label>
        <select id={`${id}-minutes`} name="minutes" className="input mb-4" defaultValue={HOUR}>
          {DURATIONS.map(({ minutes, label }) => (
            <option key={minutes} value={minutes}>
              {label}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="btn-primary" disabled={busy}>
            Mute
          </Button>
          <Button className="btn-danger" disabled={busy} aria-haspopup="dialog" onClick={(event) => ban(event.currentTarget.form)}>
            Ban…
          </Button>
        </div>
        <Notice error={error} />
      </form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        To delete a chat message, open the{' '}
        <Link className="link" to={PATHS.chat}>
          chat
        </Link>
        : as the admin, you can delete any message there.
      </p>
    </Panel>
  );
}

function LogEntry({ entry }: { entry: ModerationEntry }) {
  return (
    <li className="py-2" data-testid="log-entry">
      <p>
        <strong>{entry.admin}</strong> {VERBS[entry.action] ?? entry.action} <strong>{entry.target}</strong>
        {entry.detail && <span className="text-slate-600 dark:text-slate-300"> ({entry.detail})</span>}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Time ms={entry.createdAt} />
      </p>
    </li>
  );
}

function Row({ name, detail, testId, children }: { name: string; detail: ReactNode; testId: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-xl bg-slate-50 py-2 pr-2 pl-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid={testId}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold">{name}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{detail}</p>
      </div>
      {children}
    </li>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="mt-3 text-slate-600 dark:text-slate-300">{children}</p>;
