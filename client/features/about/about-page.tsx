/**
 * About and credits. The item drawings are Game Icons under CC BY 3.0, which asks us to name their artists and
 * the licence and to say that we changed them (docs/decisions/006-look-and-feel.md). The artists are read
 * from the icon map, so the list always matches the drawings the game shows.
 */
import { Link } from 'react-router';
import { ICON_ARTISTS, ITEM_ICONS, type IconArtist } from '../../../game/item-icons';
import { Panel, ReadingPage } from '../../components/panel';
import { count } from '../../components/count';
import { PATHS } from '../../paths';

const drawingsBy = (artist: IconArtist) => Object.values(ITEM_ICONS).filter(([, drawnBy]) => drawnBy === artist).length;

export function AboutPage() {
  return (
    <ReadingPage
      title="About Scavenger"
      intro={
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Scavenger is a loot game: spend energy to scavenge, keep the best of six finds, research what you equip, fill a
            trophy case and talk with everyone else in one live chatroom. Every roll happens on the server, and the odds are
            published.
          </p>
          <p className="mt-2">
            <Link to={PATHS.odds} className="link link-target">
              See the odds
            </Link>
          </p>
        </>
      }
    >
      <Panel id="credits" title="Credits" className="p-4 sm:p-6">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Item icons made by {ICON_ARTISTS.slice(0, -1).join(', ')} and {ICON_ARTISTS.at(-1)}, from the Game Icons
          collection (game-icons.net), licensed under the Creative Commons Attribution 3.0 licence (CC BY 3.0). We
          recolour them and set them on frames that show each item's rarity.
        </p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-3" aria-label="Icon artists">
          {ICON_ARTISTS.map((artist) => (
            <li key={artist} className="flex items-baseline justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
              <span className="font-semibold">{artist}</span>
              <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">{count(drawingsBy(artist), 'icon')}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          The other drawings (the gem, the shovel, the interface glyphs) were made for Scavenger.
        </p>
      </Panel>
    </ReadingPage>
  );
}
