/**
 * The phone's "More" (issue 14, docs/deviations.md): the spec points it at /profile, which left the
 * leaderboard, the odds and the rest out of reach on a phone, whose top navigation is hidden. A sheet with
 * every screen the five tabs do not hold. Loaded when first opened: the landing route never needs it.
 */
import { Link } from 'react-router';
import { CloseButton, Dialog } from '../components/dialog';
import { useSession } from '../lib/session';
import { navEntries } from './navigation';
import { signOut } from './sign-out';

const row =
  'flex min-h-12 w-full items-center justify-between rounded-xl px-4 text-base font-semibold hover:bg-slate-100 dark:hover:bg-slate-800';

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current text-slate-500 dark:text-slate-400">
      <path d="m9 6 6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6z" />
    </svg>
  );
}

export default function MoreSheet({ onClose }: { onClose: () => void }) {
  const links = navEntries('more', !!useSession().info?.user?.isAdmin);
  return (
    <Dialog
      title="More"
      onClose={onClose}
      testId="more-sheet"
      actions={<CloseButton onClose={onClose} />}
    >
      <nav aria-label="More">
        <ul className="-mx-2 divide-y divide-slate-200 dark:divide-slate-800">
          {links.map(({ label, path, state }) => (
            <li key={label}>
              <Link className={row} to={path} state={state} onClick={onClose}>
                {label}
                <Chevron />
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className={`${row} text-red-700 dark:text-red-300`} onClick={() => void signOut()}>
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </Dialog>
  );
}
