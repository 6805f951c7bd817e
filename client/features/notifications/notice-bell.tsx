/**
 * The notice badge (docs/design.md section 8.7): on a phone a bell beside the chat in the top bar, on a desktop a
 * count after the navigation's Notices link. Both say how many notices came since the player last looked.
 */
import { Link } from 'react-router';
import { PATHS } from '../../paths';
import { useServiceWorkerMessages, useUnseenNotices } from './unseen';

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NoticeBell() {
  const unseen = useUnseenNotices();
  useServiceWorkerMessages();
  return (
    <Link
      to={PATHS.notices}
      // The badge's own words inside the name, so what is seen is what is read (label-in-name).
      aria-label={unseen ? `Notices, ${badgeText(unseen)} new` : 'Notices'}
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-800"
      data-testid="notice-bell"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
      </svg>
      {unseen > 0 && (
        <span data-testid="notice-badge" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
          {badgeText(unseen)}
        </span>
      )}
    </Link>
  );
}

/** The desktop Notices link's count: after the word, read as "Notices 2 new"; nothing at 0. */
export function NoticeCount() {
  const unseen = useUnseenNotices();
  useServiceWorkerMessages();
  if (unseen === 0) return null;
  return (
    <>
      <span data-testid="notice-badge" className="ml-1.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold text-white">
        {badgeText(unseen)}
      </span>
      <span className="sr-only"> new</span>
    </>
  );
}
