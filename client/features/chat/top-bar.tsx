import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { NewsEvent } from '../../../game/chat-protocol';
// The rarity module alone, not game/rules: the ticker loads on every player screen and needs no catalogue.
import { RARITY_COLORS, RARITY_NAMES, type Rarity } from '../../../game/rules/rarity';
import { useSignedInPlayer } from '../../lib/session';
import type { ChatSnapshot } from './history';
import { useChat } from './use-chat';

const WELCOME = 'Welcome to Scavenger! Scavenge for loot, research it and fill your trophy case.';

/** A tier's name marked by its colour, as items are everywhere else. */
function Tier({ rarity }: { rarity: Rarity }) {
  return (
    <strong className="font-bold text-white">
      <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full align-middle" style={{ background: RARITY_COLORS[rarity] }} />
      {RARITY_NAMES[rarity]}
    </strong>
  );
}

/** One piece of news as a sentence: "alice found Very Rare Katana (quality 7)!". */
function NewsSentence({ event }: { event: NewsEvent }) {
  switch (event.kind) {
    case 'find':
      return (
        <>
          {event.username} found <Tier rarity={event.item.rarity} /> {event.item.itemName} (quality {event.item.quality})!
        </>
      );
    case 'trophy':
      return (
        <>
          {event.username} added {event.item.itemName} to their trophy case.
        </>
      );
    case 'first':
      return (
        <>
          Server first! {event.username} is the first ever to own <Tier rarity={event.item.rarity} /> {event.item.itemName}.
        </>
      );
    case 'upset':
      return (
        <>
          {event.winner} beat {event.loser}, a player twice as strong!
        </>
      );
    case 'level':
      return (
        <>
          {event.username} reached level {event.level}!
        </>
      );
  }
}

/** Whether the player stopped the ticker: remembered, so it stays still on every screen and visit. */
const TICKER_PAUSED_KEY = 'scavenger.tickerPaused';

/**
 * The top bar's ticker (the phone's, and the desktop's strip under its navigation): the room's latest news (docs/design.md section 4), newest first. It moves on its
 * own, so it has a pause button (WCAG 2.2.2); paused, it shows the newest news still, from its start.
 */
export function NewsTicker() {
  const { chat } = useChat(useSignedInPlayer().username);
  const news = [...chat.news].reverse();
  const [paused, setPaused] = useState(() => localStorage.getItem(TICKER_PAUSED_KEY) === '1');
  const toggle = () => {
    setPaused(!paused);
    localStorage.setItem(TICKER_PAUSED_KEY, paused ? '0' : '1');
  };
  return (
    <div className="flex min-w-0 flex-1 items-center">
      <button
        type="button"
        className="flex h-11 w-11 shrink-0 items-center justify-center text-amber-200 hover:bg-slate-800"
        aria-pressed={paused}
        aria-label="Pause the news"
        data-testid="ticker-pause"
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
          <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
        </svg>
      </button>
      <NewsText paused={paused} news={news} />
    </div>
  );
}

function NewsText({ paused, news }: { paused: boolean; news: ChatSnapshot['news'] }) {
  return (
    <div className="min-w-0 flex-1 overflow-hidden whitespace-nowrap pr-4 text-xs text-amber-200" role="marquee" aria-label="News">
      <p className={paused ? 'truncate' : 'ticker inline-block'} data-testid="news-ticker">
        {news.length
          ? news.map((item, index) => (
              <Fragment key={item.id}>
                {index > 0 && (
                  <span aria-hidden="true" className="mx-3">
                    •
                  </span>
                )}
                <NewsSentence event={item.event} />
              </Fragment>
            ))
          : WELCOME}
      </p>
    </div>
  );
}

/** The chat link with its badge: unread messages, hidden at 0 (docs/design.md section 4). */
export function ChatLink({ to }: { to: string }) {
  const { chat } = useChat(useSignedInPlayer().username);
  return (
    <Link
      to={to}
      // The badge's own words inside the name ("99+"), so what is seen is what is read (label-in-name).
      aria-label={chat.unread ? `Chat, ${badgeText(chat.unread)} unread` : 'Chat'}
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
        <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      <UnreadBadge unread={chat.unread} />
    </Link>
  );
}

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The desktop Chat link's badge: the same count, after the word (the link's text says "Chat", then the count and
 * "unread" for a screen reader); nothing at 0.
 */
export function UnreadCount() {
  const { chat } = useChat(useSignedInPlayer().username);
  if (chat.unread === 0) return null;
  return (
    <>
      <span data-testid="unread-badge" className="ml-1.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold text-white">
        {badgeText(chat.unread)}
      </span>
      <span className="sr-only"> unread</span>
    </>
  );
}

function UnreadBadge({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span data-testid="unread-badge" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
      {badgeText(unread)}
    </span>
  );
}
