import { Link } from 'react-router';
import { useChat } from './use-chat';

const WELCOME = 'Welcome to Scavenger! Scavenge for loot, research it and fill your trophy case.';

/** The mobile top bar's ticker: the room's latest news (DESIGN.md section 4), newest first. */
export function NewsTicker({ username }: { username: string }) {
  const { chat } = useChat(username);
  const text = chat.news.length ? [...chat.news].reverse().map((item) => item.text).join('   •   ') : WELCOME;
  return (
    <div className="overflow-hidden whitespace-nowrap border-b border-slate-700 py-1 text-xs text-amber-200" aria-label="News">
      <p className="ticker inline-block" data-testid="news-ticker">
        {text}
      </p>
    </div>
  );
}

/** The chat link with its badge: unread messages, hidden at 0 (DESIGN.md section 4). */
export function ChatLink({ username, to }: { username: string; to: string }) {
  const { chat } = useChat(username);
  return (
    <Link
      to={to}
      aria-label={chat.unread ? `Chat, ${chat.unread} unread` : 'Chat'}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
        <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      <UnreadBadge unread={chat.unread} />
    </Link>
  );
}

function UnreadBadge({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span data-testid="unread-badge" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
