/**
 * Notices (docs/design.md sections 8.7, 9.7): what happened while the player was away (attacks, research done, sales), each
 * opening its screen, and the push settings: this device on or off, and each kind on or off. Opening the screen
 * counts the notices as seen, which clears the badge.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTICE_KIND_LABELS, PUSH_INTERVAL_MS, type NoticeKind } from '../../../game/rules/notices';
import type { Notice, PushSettings } from '../../../game/wire';
import { Panel } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { timeLeft } from '../../components/time-left';
import { ScreenHeading } from '../../components/ui';
import { Button } from '../../components/forms';
import { useNow } from '../../components/use-now';
import { API, messageOf } from '../../lib/api';
import { setRead, useRead, type Read } from '../../lib/query';
import { notificationsApi } from './api';
import { currentSubscription, PushDeviceError, pushPermission, subscribe } from './push-device';

export function NoticesPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <div>
        <ScreenHeading title="Notices" className="text-3xl font-black tracking-tight" />
        <p className="text-sm text-slate-600 dark:text-slate-300">What happened while you were away, and the notifications this device gets.</p>
      </div>
      <WhileAway />
      <PushPanel />
    </div>
  );
}

function WhileAway() {
  // Reading them here counts them as seen: the answer is the list, and the badge clears.
  const notices = useRead(notificationsApi.seen, 'could not read the notices');
  const now = useNow(30_000);
  return (
    <Panel id="away-title" title="While you were away">
      <ReadState
        read={notices}
        errorPrefix=""
        errorClassName="text-sm"
        errorTestId="notices-error"
        empty={{
          when: (data) => data.notices.length === 0,
          show: (
            <p className="text-sm" data-testid="notices-empty">
              Nothing happened while you were away. Attacks on you, research that finishes and your sales show here for a week.
            </p>
          ),
        }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="notices">
            {data.notices.map((notice) => (
              <NoticeRow key={`${notice.kind}-${notice.at}-${notice.text}`} notice={notice} now={now} />
            ))}
          </ul>
        )}
      </ReadState>
    </Panel>
  );
}

function NoticeRow({ notice, now }: { notice: Notice; now: number }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
      <Link to={notice.url} className="flex min-h-11 items-center font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300">
        {notice.text}
      </Link>
      <span className="text-sm text-slate-600 dark:text-slate-400">{timeLeft(Math.max(0, now - notice.at))} ago</span>
    </li>
  );
}

/** The server's settings as they stand for this browser's subscription (its endpoint, or none). */
const pushRead: Read<PushSettings> = {
  queryKey: [API.pushSettings.path],
  queryFn: async () => notificationsApi.settings((await currentSubscription().catch(() => null))?.endpoint ?? null),
};

function PushPanel() {
  const loaded = useRead(pushRead, 'could not read the notification settings');
  const settings = loaded.data;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const permission = pushPermission();

  const act = async (work: () => Promise<PushSettings>) => {
    setBusy(true);
    setProblem(null);
    try {
      setRead(pushRead, await work());
    } catch (error) {
      setProblem(error instanceof PushDeviceError ? error.message : messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const turnOn = (publicKey: string) => act(async () => notificationsApi.addDevice(await subscribe(publicKey)));
  const turnOff = () =>
    act(async () => {
      const subscription = await currentSubscription();
      const answer = await notificationsApi.removeDevice(subscription?.endpoint ?? '');
      await subscription?.unsubscribe();
      return answer;
    });
  const setKind = (kind: NoticeKind, on: boolean) =>
    act(async () => {
      const off = (settings?.kinds ?? []).filter((entry) => (entry.kind === kind ? !on : !entry.on)).map((entry) => entry.kind);
      return notificationsApi.setKinds(off, (await currentSubscription().catch(() => null))?.endpoint ?? null);
    });

  return (
    <Panel id="push-title" title="Notifications">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Get told on this device when your energy is full, research is done, someone attacks you, something of yours sells or a season ends, even with the game closed: at most one of each kind{' '}
        {PUSH_INTERVAL_MS === 3_600_000 ? 'an hour' : `every ${timeLeft(PUSH_INTERVAL_MS)}`}.
      </p>
      <ReadState read={loaded} errorPrefix="" errorClassName="mt-3 text-sm" errorTestId="push-error">
        {(settings) => (
          <>
            <DeviceState settings={settings} permission={permission} busy={busy} onTurnOn={turnOn} onTurnOff={turnOff} />
            <fieldset className="mt-4" aria-describedby="kinds-hint">
              <legend className="font-bold">What to notify</legend>
              <p id="kinds-hint" className="text-sm text-slate-600 dark:text-slate-400">
                For every device you turned on.
              </p>
              <ul className="mt-1">
                {settings.kinds.map(({ kind, on }) => (
                  <li key={kind}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3">
                      <input type="checkbox" className="h-5 w-5 accent-amber-600" checked={on} aria-disabled={busy || undefined} onChange={() => !busy && void setKind(kind, !on)} />
                      {NOTICE_KIND_LABELS[kind]}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {problem && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300" data-testid="push-problem">
                {problem}
              </p>
            )}
          </>
        )}
      </ReadState>
    </Panel>
  );
}

interface DeviceStateProps {
  settings: PushSettings;
  permission: ReturnType<typeof pushPermission>;
  busy: boolean;
  onTurnOn: (publicKey: string) => void;
  onTurnOff: () => void;
}

/** Whether this device gets notifications, and the one button that changes it (or why there is none). */
function DeviceState({ settings, permission, busy, onTurnOn, onTurnOff }: DeviceStateProps) {
  const others = settings.devices - (settings.thisDevice ? 1 : 0);
  const elsewhere = others > 0 ? ` ${others} other ${others === 1 ? 'device gets' : 'devices get'} them.` : '';
  if (settings.publicKey === null) return <p className="mt-3 text-sm" data-testid="push-state">Notifications are not set up on this server. The bell still shows what happened while you were away.</p>;
  if (permission === 'unsupported')
    return <p className="mt-3 text-sm" data-testid="push-state">This browser cannot show notifications. The bell still shows what happened while you were away.{elsewhere}</p>;
  if (settings.thisDevice)
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold" data-testid="push-state">
          This device gets notifications.{elsewhere}
        </p>
        <Button className="btn-secondary" disabled={busy} onClick={onTurnOff}>
          Turn off on this device
        </Button>
      </div>
    );
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <p className="text-sm" data-testid="push-state">
        {permission === 'denied' ? 'Notifications are blocked for this site: allow them in your browser’s site settings first.' : 'This device gets no notifications.'}
        {elsewhere}
      </p>
      {/* The browser asks the player first; nothing is sent until they allow it. */}
      <Button className="btn-game" disabled={busy || permission === 'denied'} onClick={() => onTurnOn(settings.publicKey ?? '')}>
        Turn on notifications
      </Button>
    </div>
  );
}
