import { Fragment } from 'react';
import { Link } from 'react-router';
// The rarity module alone, not game/rules: the ticker loads on every player screen and needs no catalogue.
import { RARITIES, RARITY_COLORS, RARITY_NAMES, type Rarity } from '../../../game/rules/rarity';
import { useChat } from './use-chat';

const WELCOME = 'Welcome to Scavenger! Scavenge for loot, research it and fill your trophy case.';

/** Tier names in news ("alice found Very Rare Katana"), longest first so "Very Rare" wins over "Rare". */
const TIER_BY_NAME = new Map<string, Rarity>(RARITIES.map((rarity) => [RARITY_NAMES[rarity], rarity]));
const TIER_PATTERN = new RegExp(
  `\\b(${[...TIER_BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|')})\\b`,
);

/** News text with each tier name marked by its colour, as items are everywhere else. */
function NewsText({ text }: { text: string }) {
  // split() with a capturing group keeps the matches at the odd indexes.
  return text.split(TIER_PATTERN).map((part, index) => {
    const tier = index % 2 === 1 ? TIER_BY_NAME.get(part) : undefined;
    if (!tier) return <Fragment key={index}>{part}</Fragment>;
    return (
      <strong key={index} className="font-bold text-white">
        <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full align-middle" style={{ background: RARITY_COLORS[tier] }} />
        {part}
      </strong>
    );
  });
}

/** The mobile top bar's ticker: the room's latest news (DESIGN.md section 4), newest first. */
export function NewsTicker({ username }: { username: string }) {
  const { chat } = useChat(username);
  const news = [...chat.news].reverse();
  return (
    <div className="overflow-hidden whitespace-nowrap border-b border-slate-700 py-1 text-xs text-amber-200" role="marquee" aria-label="News">
      <p className="ticker inline-block" data-testid="news-ticker">
        {news.length
          ? news.map((item, index) => (
              <Fragment key={item.id}>
                {index > 0 && (
                  <span aria-hidden="true" className="mx-3">
                    •
                  </span>
                )}
                <NewsText text={item.text} />
              </Fragment>
            ))
          : WELCOME}
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
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-800"
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
