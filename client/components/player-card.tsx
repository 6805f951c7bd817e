/**
 * Another player's public card (issue 17): a player's name anywhere (chat, the online list, the leaderboard) is
 * a button that opens it. It shows what the server makes public (GET /api/players/:username), links to their
 * guild and offers a fight in the arena, never against oneself. Here and not in a feature, since several
 * features show names and features do not import each other.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlayerCard } from '../../game/wire';
import { API } from '../lib/api';
import { readOf, useRead } from '../lib/query';
import { useSignedInPlayer } from '../lib/session';
import { arenaFightPath, guildPath } from '../paths';
import { seasonName } from '../../game/rules/season';
import { tierName, weekName } from '../../game/rules/league';
import { CloseButton, Dialog } from './dialog';
import { ItemIcon } from './item-art';
import { ReadState } from './read-state';
import { Abbr } from './ui';

/**
 * A player's name as a button that opens their card; a full-height touch target (pass `-my-2.5` to keep a line short).
 * A long name is cut with an ellipsis, unless `wrap`: then it breaks onto more lines and is always shown whole
 * (the reader's own row on a phone's leaderboard, issue 24).
 */
export function PlayerName({ username, className = '', wrap = false }: { username: string; className?: string; wrap?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        data-testid="player-name"
        className={`inline-flex min-h-11 min-w-0 max-w-full cursor-pointer items-center text-left underline decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:decoration-solid ${className}`}
        onClick={() => setOpen(true)}
      >
        <span className={wrap ? 'wrap-anywhere' : 'truncate'}>{username}</span>
      </button>
      {open && <PlayerCardDialog username={username} onClose={() => setOpen(false)} />}
    </>
  );
}

export function PlayerCardDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const me = useSignedInPlayer().username;
  const loaded = useRead(readOf(API.playerCard, { params: { username } }), 'could not read the player card');
  const card = loaded.data;
  const isMe = username.toLowerCase() === me.toLowerCase();
  return (
    <Dialog
      title={username}
      onClose={onClose}
      testId="player-card"
      actions={
        <>
          {card && !isMe && (
            <Link className="btn-game" to={arenaFightPath(card.username)}>
              Fight<span className="sr-only"> {card.username}</span>
            </Link>
          )}
          <CloseButton onClose={onClose} autoFocus />
        </>
      }
    >
      <ReadState read={loaded} errorPrefix="" errorClassName="py-2">
        {(facts) => <Facts card={facts} isMe={isMe} />}
      </ReadState>
    </Dialog>
  );
}

function Facts({ card, isMe }: { card: PlayerCard; isMe: boolean }) {
  return (
    <>
      {isMe && <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">This is you, as other players see you.</p>}
      <dl className="grid grid-cols-2 gap-2">
        <Fact label="Level">{card.level}</Fact>
        <Fact label="Rank">#{card.rank}</Fact>
        <Fact label="Trophy score">
          {card.trophyCaseScore} <span className="text-sm font-normal text-slate-600 dark:text-slate-300">({card.trophies} {card.trophies === 1 ? 'trophy' : 'trophies'})</span>
        </Fact>
        <Fact label="Power">
          {card.totalPower}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            ({card.totalAttack} <Abbr short="ATK" full="attack" />, {card.totalDefense} <Abbr short="DEF" full="defense" />)
          </span>
        </Fact>
        <Fact label="Arena rating">{card.rating}</Fact>
        <Fact label="Arena record">
          {card.wins}–{card.losses}
        </Fact>
        <div className="col-span-2 rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
          <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">Guild</dt>
          <dd className="font-bold">
            {card.guild ? (
              <Link className="link link-target" to={guildPath(card.guild.id)}>
                {card.guild.name} [{card.guild.tag}]
              </Link>
            ) : (
              'Not in a guild'
            )}
          </dd>
        </div>
      </dl>
      {card.showcase.length > 0 && (
        <section aria-labelledby="showcase-shelf-title" className="mt-3">
          <h3 id="showcase-shelf-title" className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">
            Showcase
          </h3>
          <ul data-testid="showcase-shelf" className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {card.showcase.map((trophy, index) => (
              <li key={index} data-testid="showcase-trophy" className="flex items-center gap-2 rounded-lg bg-slate-100 px-2 py-1 dark:bg-slate-800">
                <ItemIcon catalogId={trophy.catalogId} rarity={trophy.rarity} size="sm" />
                <span className="min-w-0">
                  <span className="block font-bold">{trophy.name}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    Quality {trophy.quality}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {card.medals.length > 0 && (
        <section aria-labelledby="medal-shelf-title" className="mt-3">
          <h3 id="medal-shelf-title" className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">
            Season medals
          </h3>
          <ul data-testid="medal-shelf" className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {card.medals.map((medal) => (
              <li key={medal.season} data-testid="medal" className="flex items-center gap-2 rounded-lg bg-slate-100 px-2 py-1 dark:bg-slate-800">
                <ItemIcon catalogId={medal.catalogId} rarity="limited" size="sm" />
                <span className="min-w-0">
                  <span className="block font-bold">{medal.name}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {seasonName(medal.season)} · #{medal.rank}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {card.ribbons.length > 0 && <RibbonShelf ribbons={card.ribbons} />}
    </>
  );
}

/** The week's ribbon of each weekly league the player finished in the first three (docs/design.md section 9.5). */
function RibbonShelf({ ribbons }: { ribbons: PlayerCard['ribbons'] }) {
  return (
    <section aria-labelledby="ribbon-shelf-title" className="mt-3">
      <h3 id="ribbon-shelf-title" className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">
        League ribbons
      </h3>
      <ul data-testid="ribbon-shelf" className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {ribbons.map((ribbon) => (
          <li key={ribbon.week} data-testid="ribbon" className="flex items-center gap-2 rounded-lg bg-slate-100 px-2 py-1 dark:bg-slate-800">
            <RibbonGlyph rank={ribbon.rank} />
            <span className="min-w-0">
              <span className="block font-bold">{tierName(ribbon.tier)} league</span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">
                Week of {weekName(ribbon.week)} · #{ribbon.rank}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A rosette in the place's colour: gold, silver, bronze (decorative; the text says the rank). */
function RibbonGlyph({ rank }: { rank: number }) {
  const colour = ['text-amber-500', 'text-slate-400', 'text-orange-500'][rank - 1] ?? 'text-slate-400';
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-8 w-8 shrink-0 fill-current ${colour}`}>
      <path d="M8 14l-3 8 4-2 2 3 1-8zM16 14l3 8-4-2-2 3-1-8z" />
      <circle cx="12" cy="9" r="7" />
    </svg>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={`card-${label.toLowerCase().replace(/ /g, '-')}`}>
        {children}
      </dd>
    </div>
  );
}
