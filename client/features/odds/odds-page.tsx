/**
 * The published odds (spec section 9): the rarity drop chances and the quality roll, as the server rolls them.
 * The percentages come from the same table the server uses (DROP_WEIGHTS, percent × 1000). Below them, how XP
 * makes levels (DESIGN.md section 7.4), from the server's own table and formula.
 */
import { Link } from 'react-router';
import { LOOT_PER_SCAVENGE } from '../../../game/constants';
import { DROP_WEIGHTS, DROP_WEIGHT_TOTAL, DROPPABLE, QUALITY_TABLE, RARITY_COLORS } from '../../../game/rules';
import { NEWSWORTHY_LEVEL_STEP, XP, xpForLevel } from '../../../game/rules/level';
import { RarityLabel } from '../../components/rarity';
import { PATHS } from '../../paths';

/** Spec section 9 "Quality roll", from the table the server rolls with; its rest is split evenly over 1 to 5. */
const QUALITY_ODDS = QUALITY_TABLE.map(([quality, percent]): [label: string, percent: number] => [
  quality === null ? '1–5 (10% each)' : String(quality),
  percent,
]);

const XP_SOURCES: [what: string, xp: number][] = [
  ['A scavenge', XP.scavenge],
  ['A fight won', XP.fightWon],
  ['A fight lost', XP.fightLost],
  ['A trophy', XP.trophy],
  ['A craft', XP.craft],
];
/** The XP each of the first levels starts at. */
const LEVELS_SHOWN = [2, 3, 4, 5, 10, 20];

const formatNumber = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** Bars on a scale where the commonest row fills the track; the rarest still get a visible sliver. */
function Bar({ percent, max, color }: { percent: number; max: number; color: string }) {
  return (
    <span aria-hidden="true" className="block h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
      <span className="block h-full min-w-1 rounded-full" style={{ width: `${(percent / max) * 100}%`, background: color }} />
    </span>
  );
}

export function OddsPage() {
  const drops = DROPPABLE.map((rarity) => ({ rarity, percent: DROP_WEIGHTS[rarity] / 1000 }));
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6 sm:px-6">
      <div>
        <h1 className="text-3xl font-black tracking-tight">Odds</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every scavenge turns up {LOOT_PER_SCAVENGE} finds. Each find rolls its rarity, then an item of that rarity, then its quality.{' '}
          <Link to={PATHS.scavenge} className="link">
            Back to scavenging
          </Link>
        </p>
      </div>

      <section className="panel p-4" aria-labelledby="drop-odds">
        <h2 id="drop-odds" className="panel-title">
          Rarity drop chances
        </h2>
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Rarity</th>
              <th scope="col">Chance</th>
              <th scope="col">Bar</th>
              <th scope="col">About one in</th>
            </tr>
          </thead>
          <tbody>
            {drops.map(({ rarity, percent }) => (
              <tr key={rarity} data-testid={`odds-${rarity}`}>
                <th scope="row" className="w-32 py-1.5 pr-2 text-left font-bold whitespace-nowrap">
                  <RarityLabel rarity={rarity} />
                </th>
                <td className="w-16 py-1.5 pr-3 text-right font-semibold tabular-nums">{percent}%</td>
                <td className="py-1.5">
                  <Bar percent={percent} max={drops[0]!.percent} color={RARITY_COLORS[rarity]} />
                </td>
                <td className="hidden w-36 py-1.5 pl-3 text-right text-xs text-slate-600 tabular-nums sm:table-cell dark:text-slate-400">
                  1 in {formatNumber.format(100 / percent)} finds
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          The published chances add up to {DROP_WEIGHT_TOTAL / 1000}%, so each is scaled down by the same tiny factor when
          rolling. Assembled and Limited items never drop.
        </p>
      </section>

      <section className="panel p-4" aria-labelledby="quality-odds">
        <h2 id="quality-odds" className="panel-title">
          Quality roll
        </h2>
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Quality</th>
              <th scope="col">Chance</th>
              <th scope="col">Bar</th>
            </tr>
          </thead>
          <tbody>
            {QUALITY_ODDS.map(([label, percent]) => (
              <tr key={label} data-testid={`quality-${label.split(' ')[0]}`}>
                <th scope="row" className="w-36 py-1.5 pr-2 text-left font-bold">
                  Quality {label}
                </th>
                <td className="w-16 py-1.5 pr-3 text-right font-semibold tabular-nums">{percent}%</td>
                <td className="py-1.5">
                  <Bar percent={percent} max={50} color="#d97706" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">Each quality step above 1 adds 20% to an item's attack and defense.</p>
      </section>

      <section className="panel p-4" aria-labelledby="levels">
        <h2 id="levels" className="panel-title">
          Levels
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Level = 1 + the square root of (XP ÷ 25), rounded down. Every {NEWSWORTHY_LEVEL_STEP}th level makes the news.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <table className="w-full text-sm">
            <caption className="text-left font-bold">XP for</caption>
            <tbody>
              {XP_SOURCES.map(([what, xp]) => (
                <tr key={what} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="py-1.5 text-left font-medium">
                    {what}
                  </th>
                  <td className="py-1.5 text-right font-semibold tabular-nums">{xp} XP</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full text-sm">
            <caption className="text-left font-bold">Levels start at</caption>
            <tbody>
              {LEVELS_SHOWN.map((level) => (
                <tr key={level} className="border-t border-slate-200 dark:border-slate-800" data-testid={`level-${level}`}>
                  <th scope="row" className="py-1.5 text-left font-medium">
                    Level {level}
                  </th>
                  <td className="py-1.5 text-right font-semibold tabular-nums">{xpForLevel(level)} XP</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
