import { Button } from '../../components/forms';

/** A closed guild's requests to join, which the leader and officers accept or decline. */
export function JoinRequests({
  requests,
  column,
  busy,
  onAnswer,
}: {
  requests: readonly string[];
  column: string;
  busy: boolean;
  onAnswer: (username: string, accept: boolean) => void;
}) {
  return (
    <section aria-labelledby="requests-title" className={`panel p-4 ${column}`}>
      <h2 id="requests-title" className="panel-title">
        Requests to join
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">No requests to join.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {requests.map((username) => (
            <li key={username} className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid="join-request">
              <span className="min-w-0 flex-1 truncate font-bold">{username}</span>
              <Button className="btn-primary px-3" disabled={busy} onClick={() => onAnswer(username, true)}>
                <span>
                  Accept<span className="sr-only"> {username}</span>
                </span>
              </Button>
              <Button className="btn-secondary px-3" disabled={busy} onClick={() => onAnswer(username, false)}>
                <span>
                  Decline<span className="sr-only"> {username}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
