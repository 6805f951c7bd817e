import type { CSSProperties } from 'react';
import { Link, Navigate } from 'react-router';
import { RARITY_COLORS, RARITY_NAMES, rarityRank, type Rarity } from '../../../game/rules/rarity';
import { Loading, ScreenHeading } from '../../components/ui';
import { useSession } from '../../lib/session';
import { PATHS } from '../../paths';
import { PHONE_QUERY } from './manifest';

const FEATURES = [
  { title: 'Scavenge', text: 'Spend energy to search the wastes. Every run turns up six finds, from feathers to heirlooms.' },
  { title: 'Research', text: 'Equip what you keep. The rarer the find, the longer it takes to understand it fully.' },
  { title: 'Show off', text: 'Fully researched treasures go into your trophy case and lift you up the leaderboard.' },
  { title: 'Talk', text: 'One live chatroom for every scavenger: trade tips, brag about finds, see who is online.' },
];

/**
 * A few finds, common to heirloom, as the pre-rendered drawings of public/item-art: plain images, so the
 * landing route's JavaScript carries no drawing code (bench/bundle.mjs counts it toward the initial JS). Each
 * sits on its tier's tile, lit and framed in the tier's colour as items are everywhere else (the `item-tile`
 * classes of styles.css; the drawing is white on it), with the tier's dot before its name (issue 24, 8e). The
 * colours come from the rarity module alone, not game/rules, which would bring the catalogue.
 */
const FINDS: readonly { id: string; name: string; rarity: Rarity }[] = [
  { id: 'feather', name: 'Feather', rarity: 'verycommon' },
  { id: 'crowbar', name: 'Crowbar', rarity: 'common' },
  { id: 'gas-mask', name: 'Gas Mask', rarity: 'uncommon' },
  { id: 'katana', name: 'Katana', rarity: 'rare' },
  { id: 'founders-railgun', name: "Founder's Railgun", rarity: 'heirloom' },
];


/**
 * docs/spec.md section 2 "/": players go to their profile; a visitor narrower than 640 px goes to /login, as the
 * spec says (its card opens with a short pitch of the game, login-page.tsx); wider visitors see the landing page.
 */
export default function HomePage() {
  const { info } = useSession();
  if (!info) return <Loading />;
  if (info.user?.username) return <Navigate to={PATHS.profile} replace />;
  if (info.user) return <Navigate to={PATHS.setUsername} replace />;
  if (window.matchMedia(PHONE_QUERY).matches) return <Navigate to={PATHS.login} replace />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-16">
      <section className="text-center">
        <ScreenHeading title="Scavenger" className="text-4xl font-black tracking-tight sm:text-5xl">
          <span className="sr-only">Scavenger: </span>
          Find it. Study it. <span className="text-amber-700 dark:text-amber-400">Keep the best.</span>
        </ScreenHeading>
        <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:mt-6 sm:text-lg dark:text-slate-300">
          Scavenger is a loot game for the few minutes you have: scavenge for random treasures, research them, build a
          trophy case worth envying and chat with everyone else out there.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:mt-10 sm:flex-row sm:gap-4">
          <Link className="btn-primary px-6 py-3 text-lg" to={PATHS.signup}>
            Start scavenging
          </Link>
          <Link className="btn-secondary px-6 py-3 text-lg" to={PATHS.login}>
            Login
          </Link>
        </div>
      </section>
      <ul aria-label="Things you might find" className="mt-8 grid grid-cols-5 gap-2 sm:mt-12 sm:gap-4" data-testid="landing-finds">
        {FINDS.map((find) => (
          <li key={find.id} className="flex flex-col items-center gap-1 rounded-xl bg-amber-50 p-2 text-center ring-1 ring-amber-200 sm:p-4 dark:bg-slate-900 dark:ring-slate-800" data-rarity={find.rarity}>
            <span
              aria-hidden="true"
              className={`item-tile h-12 w-12 sm:h-20 sm:w-20 ${rarityRank(find.rarity) >= rarityRank('rare') ? 'item-tile-glow' : ''}`}
              style={{ '--rarity': RARITY_COLORS[find.rarity] } as CSSProperties}
              data-testid="landing-find-tile"
            >
              <img src={`/item-art/${find.id}.svg`} alt="" width={48} height={48} className="h-8 w-8 invert sm:h-14 sm:w-14" />
            </span>
            <span className="text-xs font-semibold leading-tight sm:text-sm">{find.name}</span>
            <span className="inline-flex items-center gap-1 text-[0.65rem] text-slate-600 sm:text-xs dark:text-slate-300">
              <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full" style={{ background: RARITY_COLORS[find.rarity] }} />
              {RARITY_NAMES[find.rarity]}
            </span>
          </li>
        ))}
      </ul>
      <ul className="mt-8 grid gap-4 sm:mt-16 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-2xl bg-white p-5 shadow ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800">
            <h2 className="text-lg font-bold text-amber-800 dark:text-amber-300">{feature.title}</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
