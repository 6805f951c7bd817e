/**
 * The published odds (docs/spec.md section 9): the rarity drop chances and the quality roll, as the server rolls them.
 * The percentages come from the same table the server uses (DROP_WEIGHTS, percent × 1000). Below them, how XP
 * makes levels (docs/design.md section 7.4), from the server's own table and formula, in a player's words: no
 * formulas on the page (issue 24, 8f).
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LOOT_PER_SCAVENGE } from '../../../game/constants';
import {
  DROP_WEIGHT_PER_PERCENT,
  DROP_WEIGHT_TOTAL,
  DROPPABLE,
  dropPercent,
  NEWSWORTHY_LEVEL_STEP,
  QUALITY_STEP_PERCENT,
  PARTS_BY_TIER,
  QUALITY_TABLE,
  RARITY_COLORS,
  RARITY_NAMES,
  catalogueById,
  zonePercent,
  ZONES,
  UNIFORM_QUALITY_MAX,
  xpForLevel,
  DAILY_FIGHT_LOSS_PERCENT,
  FIGHT_ENERGY_COST,
  FIGHT_PURSE_CAP,
  fightPurse,
  NEWCOMER_DAYS,
  NEWCOMER_FIGHT_LOSS_CAP,
  purseParts,
  sparringPays,
  zonePay,
} from '../../../game/rules';
import { HiddenHead, XpTables } from '../../components/figure-table';
import { Panel, ReadingPage } from '../../components/panel';
import { RarityLabel } from '../../components/rarity';
import { PATHS } from '../../paths';

/** docs/spec.md section 9 "Quality roll", from the table the server rolls with; its rest is split evenly over 1 to 5. */
const QUALITY_ODDS = QUALITY_TABLE.map(([quality, percent]): [label: string, percent: number] => [
  quality === null ? `1–${UNIFORM_QUALITY_MAX} (${percent / UNIFORM_QUALITY_MAX}% each)` : String(quality),
  percent,
]);

const formatNumber = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

const QUALITY_BAR_COLOR = '#d97706';

interface ChanceRow {
  key: string;
  testId: string;
  label: ReactNode;
  /** The label cell's width (and wrapping). */
  labelClassName: string;
  percent: number;
  color: string;
  /** A last column, on wide screens only. */
  note?: string;
}

/** Chances with bars on a scale where the commonest row fills the track; the rarest still get a visible sliver. */
function ChanceTable({ head, rows }: { head: string[]; rows: ChanceRow[] }) {
  const max = Math.max(...rows.map((row) => row.percent));
  return (
    <table className="mt-3 w-full text-sm">
      <HiddenHead head={head} />
      <tbody>
        {rows.map(({ key, testId, label, labelClassName, percent, color, note }) => (
          <tr key={key} data-testid={testId}>
            <th scope="row" className={`${labelClassName} py-1.5 pr-2 text-left font-bold`}>
              {label}
            </th>
            <td className="w-16 py-1.5 pr-3 text-right font-semibold tabular-nums">{percent}%</td>
            <td className="py-1.5">
              <span aria-hidden="true" className="block h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
                <span className="block h-full min-w-1 rounded-full" style={{ width: `${(percent / max) * 100}%`, background: color }} />
              </span>
            </td>
            {note !== undefined && (
              <td className="hidden w-36 py-1.5 pl-3 text-right text-xs text-slate-600 tabular-nums sm:table-cell dark:text-slate-400">{note}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A zone's column is the target of its link from the scavenge screen (`/odds#zone-…`). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [hash]);
}

const percentText = (percent: number) => (percent === 0 ? 'never' : `${formatNumber.format(percent)}%`);

/** Every zone's table as the server rolls it (game/rules/zones.ts), a column each. */
function ZoneOdds() {
  useScrollToHash();
  return (
    <Panel id="zone-odds" title="Zones">
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Where you scavenge changes what drops. The Streets have the chances above; each column has the same total. Every zone keeps the same tiny chance
        of an Artifact and an Heirloom.
      </p>
      <table className="mt-3 w-full table-fixed text-xs sm:text-sm" data-testid="zone-table">
        <thead>
          <tr>
            <th scope="col" className="w-24 py-1.5 text-left sm:w-32">
              Rarity
            </th>
            {ZONES.map((zone) => (
              <th key={zone.id} id={`zone-${zone.id}`} scope="col" className="scroll-mt-24 px-1 py-1.5 text-right">
                {zone.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {DROPPABLE.map((rarity) => (
            <tr key={rarity} data-testid={`zone-odds-${rarity}`} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1.5 text-left font-bold">
                <RarityLabel rarity={rarity} />
              </th>
              {ZONES.map((zone) => (
                <td key={zone.id} className="px-1 py-1.5 text-right">
                  {percentText(zonePercent(zone, rarity))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="font-semibold">
          <tr data-testid="zone-energy" className="border-t-2 border-slate-300 dark:border-slate-700">
            <th scope="row" className="py-1.5 text-left">
              Energy
            </th>
            {ZONES.map((zone) => (
              <td key={zone.id} className="px-1 py-1.5 text-right">
                {zone.energy}
              </td>
            ))}
          </tr>
          <tr data-testid="zone-level">
            <th scope="row" className="py-1.5 text-left">
              From level
            </th>
            {ZONES.map((zone) => (
              <td key={zone.id} className="px-1 py-1.5 text-right">
                {zone.level}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="coast-parts">
        On the Drowned Coast, half the finds of a tier with crafting parts are one of those parts:{' '}
        {DROPPABLE.filter((rarity) => PARTS_BY_TIER.has(rarity))
          .map((rarity) => `${RARITY_NAMES[rarity]}: ${(PARTS_BY_TIER.get(rarity) ?? []).map((id) => catalogueById(id)?.name ?? id).join(', ')}`)
          .join('; ')}
        .
      </p>
    </Panel>
  );
}

export function OddsPage() {
  const drops = DROPPABLE.map((rarity) => ({ rarity, percent: dropPercent(rarity) }));
  return (
    <ReadingPage
      title="Odds"
      intro={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every scavenge turns up {LOOT_PER_SCAVENGE} finds. Each find rolls its rarity, then an item of that rarity, then its quality. What a find salvages
          for, the market&apos;s lowest price and the energy refill&apos;s are in{' '}
          <Link to={PATHS.howItWorks} className="link">
            How it works
          </Link>
          .{' '}
          <Link to={PATHS.scavenge} className="link">
            Back to scavenging
          </Link>
        </p>
      }
    >
      <Panel id="drop-odds" title="Rarity drop chances">
        <ChanceTable
          head={['Rarity', 'Chance', 'Bar', 'About one in']}
          rows={drops.map(({ rarity, percent }) => ({
            key: rarity,
            testId: `odds-${rarity}`,
            label: <RarityLabel rarity={rarity} />,
            labelClassName: 'w-32 whitespace-nowrap',
            percent,
            color: RARITY_COLORS[rarity],
            note: `1 in ${formatNumber.format(100 / percent)} finds`,
          }))}
        />
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Chances are weights out of {DROP_WEIGHT_TOTAL.toLocaleString('en-US')}, so these, and each zone&apos;s column below, add up to{' '}
          {DROP_WEIGHT_TOTAL / DROP_WEIGHT_PER_PERCENT}%, not quite 100%: in play each is a hair lower than shown, all in the same proportion. Assembled and
          Limited items never drop.
        </p>
      </Panel>

      <ZoneOdds />

      <Panel id="quality-odds" title="Quality roll">
        <ChanceTable
          head={['Quality', 'Chance', 'Bar']}
          rows={QUALITY_ODDS.map(([label, percent]) => ({
            key: label,
            testId: `quality-${label.split(' ')[0]}`,
            label: `Quality ${label}`,
            labelClassName: 'w-36',
            percent,
            color: QUALITY_BAR_COLOR,
          }))}
        />
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">Each quality step above 1 adds {QUALITY_STEP_PERCENT}% to an item's attack and defense.</p>
      </Panel>

      <FightPay />

      <Panel id="levels" title="Levels">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Play earns XP. The first levels come quickly and each one after takes a little longer: level 2 starts at {xpForLevel(2)} XP,
          level 3 at {xpForLevel(3)}, level 4 at {xpForLevel(4)}. Every {NEWSWORTHY_LEVEL_STEP}th level makes the news.
        </p>
        <XpTables className="mt-3" />
      </Panel>
    </ReadingPage>
  );
}

/** What energy pays in the arena against scavenging (docs/design.md sections 10.1 and 10.2), from the server's rules. */
function FightPay() {
  const streets = zonePay(ZONES[0]!);
  const levels = [1, 5, 9];
  return (
    <Panel id="fight-pay" title="Fights and sparring">
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A scavenge at the Streets earns about <span data-testid="streets-gold-per-energy">{streets.gold.toFixed(1)} gold</span> an energy, its finds
        salvaged. A fight costs {FIGHT_ENERGY_COST} energy and a win pays a purse by the defender&apos;s level, at most {FIGHT_PURSE_CAP} gold: part
        taken from the defender, the rest new gold.
      </p>
      <table className="mt-3 w-full text-sm" data-testid="fight-purses">
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col">Defender&apos;s level</th>
            <th scope="col">A win pays</th>
            <th scope="col">From the defender</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level} data-testid={`purse-${level}`}>
              <th scope="row" className="font-normal">
                {level === 9 ? '9 and up' : level}
              </th>
              <td>{fightPurse(level)} gold</td>
              <td>up to {purseParts(level).fromDefender}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        No defender loses more than <span data-testid="odds-daily-fight-loss">{DAILY_FIGHT_LOSS_PERCENT}%</span> of their gold to fights in a UTC
        day, nor more than {NEWCOMER_FIGHT_LOSS_CAP} gold in all in their first {NEWCOMER_DAYS} days. A won spar pays{' '}
        <span data-testid="odds-sparring-pays">
          {sparringPays(1).xp} XP and {sparringPays(1).gold} gold
        </span>
        , what {FIGHT_ENERGY_COST} energy earns scavenging at the Streets; a lost one, nothing.
      </p>
    </Panel>
  );
}
