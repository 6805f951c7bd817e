import { CloseButton, Dialog } from '../../components/dialog';
import { useRead } from '../../lib/query';
import { useNow } from '../../components/use-now';
import { profileApi } from './api';
import { Link } from 'react-router';
import { LOG_COLOURS } from '../../manifests';
import { rollPath } from '../../paths';

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const STEPS: readonly [limitSeconds: number, secondsPerUnit: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [Infinity, 86_400, 'day'],
];

/** "5 min. ago", "yesterday": how long ago, which a player reads faster than a date (the exact time is its title). */
export function timeAgo(time: number, now: number): string {
  const seconds = Math.max(0, (now - time) / 1000);
  if (seconds < 45) return 'just now';
  const [, perUnit, unit] = STEPS.find(([limit]) => seconds < limit) ?? STEPS[STEPS.length - 1]!;
  return RELATIVE.format(-Math.round(seconds / perUnit), unit);
}

/** The Log button (docs/design.md section 3): the player's recent activity, newest first, from the server's log. */
export function LogDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const { data: entries, error } = useRead(profileApi.log(uid), 'could not read the log');
  const now = useNow(30_000);
  return (
    <Dialog
      title="Log"
      onClose={onClose}
      testId="log-dialog"
      actions={<CloseButton onClose={onClose} />}
    >
      {error ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          Error: {error}
        </p>
      ) : !entries ? (
        <p role="status" className="text-slate-500">
          Loading...
        </p>
      ) : entries.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">Nothing has happened yet. Go scavenging!</p>
      ) : (
        <ol className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-3 text-sm">
              <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${LOG_COLOURS[entry.kind]}`} />
              {/* A paragraph: its link is running text (WCAG 2.5.8's inline exception to the target size). */}
              <p className="flex-1">
                <span>{entry.text}</span>
                {entry.rollId && (
                  <>
                    {' '}
                    <Link className="link whitespace-nowrap" to={rollPath(entry.rollId)}>
                      Check this roll
                    </Link>
                  </>
                )}
              </p>
              <time
                className="shrink-0 text-xs tabular-nums text-slate-500 dark:text-slate-400"
                dateTime={new Date(entry.createdAt).toISOString()}
                title={new Date(entry.createdAt).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}
              >
                {timeAgo(entry.createdAt, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
