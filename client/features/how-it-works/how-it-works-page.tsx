/**
 * How the game works (issue 14), public like the odds. Every figure here is read from the rules the server
 * plays by (game/constants.ts, game/rules), never written out by hand, so the page cannot drift from the game.
 */
import { Link } from 'react-router';
import {
  DUFFEL_SLOT_PRICE,
  ENERGY_CYCLE_SECONDS,
  GOLD_PER_SCAVENGE,
  INVENTORY_SIZE,
  LOOT_PER_SCAVENGE,
  MAX_ENERGY,
  PROFILE_SWAP_COST,
  SCAVENGE_COST,
} from '../../../game/constants';
import {
  catalogueById,
  ASK_FROM_RESEARCH_MS,
  DROPPABLE,
  dropPercent,
  DUPLICATE_LESSON_DIVISOR,
  DAILY_DEFENCES_LOST_CAP,
  ELO_K,
  FIGHT_ENERGY_COST,
  DAILY_FIGHT_LOSS_PERCENT,
  FIGHT_HP,
  FIGHT_PURSE_BASE,
  FIGHT_PURSE_CAP,
  FIGHT_PURSE_PER_LEVEL,
  FIGHT_PURSE_TAKEN_PERCENT,
  NEWCOMER_DAYS,
  NEWCOMER_FIGHT_LOSS_CAP,
  sparringPays,
  SPARRING_DUMMY_PERCENT,
  SPARRING_ENERGY_COST,
  FIGHT_MAX_ROUNDS,
  FIGHT_RECOVERY_MS,
  NEW_PLAYER_PROTECTION_MS,
  NEWSWORTHY_LEVEL_STEP,
  PROTECTED_GOLD_BASE,
  PROTECTED_GOLD_PER_LEVEL,
  QUALITY_STEP_PERCENT,
  RARITY_NAMES,
  RECIPES,
  RATING_FLOOR,
  ratingChange,
  researchDurationMs,
  STARTING_RATING,
  SUGGESTED_LEVEL_SPREAD,
  tierPoints,
  XP,
  xpForLevel,
  type RecipeInput,
} from '../../../game/rules';
import { FigureRow, FigureTable, XpTables } from '../../components/figure-table';
import { ItemIcon } from '../../components/item-art';
import { ReadingPage } from '../../components/panel';
import { RarityLabel } from '../../components/rarity';
import { count } from '../../components/count';
import { PATHS } from '../../paths';
import { Figure, Section } from './section';
import { Systems } from './systems';

const MINUTE_MS = 60_000;

/** "10 min", "2 h 40 min", "1 d 18 h 40 min". */
function formatDuration(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const parts: [number, string][] = [
    [Math.floor(minutes / 1440), 'd'],
    [Math.floor((minutes % 1440) / 60), 'h'],
    [minutes % 60, 'min'],
  ];
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => `${amount} ${unit}`)
    .join(' ');
}

const partName = (input: RecipeInput) =>
  input.kind === 'item' ? `${input.count > 1 ? `${input.count} × ` : ''}${catalogueById(input.catalogId)?.name ?? input.catalogId}` : `any ${count(input.count, `${RARITY_NAMES[input.rarity]} item`)}`;

export function HowItWorksPage() {
  return (
    <ReadingPage
      title="How it works"
      intro={
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          The rules of Scavenger, read straight from the ones the server plays by. Every roll and every balance is decided on
          the server.
        </p>
      }
    >
      <Section id="energy" title="Energy">
        <p>
          You hold up to <Figure testId="max-energy">{MAX_ENERGY}</Figure> energy. Below that, one point comes back every{' '}
          <Figure testId="energy-cycle">{ENERGY_CYCLE_SECONDS} seconds</Figure>, so an empty bar is full again after{' '}
          <Figure testId="energy-refill">{formatDuration(MAX_ENERGY * ENERGY_CYCLE_SECONDS * 1000)}</Figure>.
        </p>
        <FigureTable caption="What energy buys" head={['Action', 'Energy']}>
          <FigureRow label={`A scavenge (${LOOT_PER_SCAVENGE} finds, +${GOLD_PER_SCAVENGE} gold)`} testId="cost-scavenge">
            {SCAVENGE_COST}
          </FigureRow>
          <FigureRow label="A swap between your inventory and duffel bag" testId="cost-swap">
            {PROFILE_SWAP_COST}
          </FigureRow>
          <FigureRow label="A fight in the arena" testId="cost-fight">
            {FIGHT_ENERGY_COST}
          </FigureRow>
        </FigureTable>
        <p>
          Out of energy, gold buys it back: the{' '}
          <Link to={PATHS.shop} className="link">
            gold shop
          </Link>
          's refill (see Gold below).
        </p>
      </Section>

      <Section id="research" title="Research">
        <p>
          A find starts at 0% research. It researches only while equipped, in one of your {INVENTORY_SIZE} inventory slots, and
          the rarer it is, the longer it takes. A rarer find is worth the wait: it scores more trophy points for every minute it
          spends in a slot, so a Rare kept there beats a Feather. Only a fully researched item can go to the trophy case or the
          duffel bag, or be a part in a craft.
        </p>
        <FigureTable caption="From 0% to 100%, equipped" head={['Rarity', 'Time']}>
          {DROPPABLE.map((rarity) => (
            <FigureRow key={rarity} label={<RarityLabel rarity={rarity} />} testId={`research-${rarity}`}>
              {formatDuration(researchDurationMs(rarity))}
            </FigureRow>
          ))}
        </FigureTable>
      </Section>

      <Section id="one-tap" title="Keep for research, Take best, and keys">
        <p>
          After a scavenge, <strong>Keep for research</strong> keeps the finds worth a slot for your trophy case: one new to your
          collection, or one worth more trophy points than an equipped item with more research left. It gives up the slot whose
          research is least along, never an item that is fully researched. <strong>Take best</strong> keeps the strongest
          items, but never drops an item half researched or more for a find that is not worth more to the trophy case. Either
          one salvages the finds you leave, and asks first only when{' '}
          <Figure testId="ask-research">{formatDuration(ASK_FROM_RESEARCH_MS)}</Figure> of research or a Very Rare or better
          would be lost.
        </p>
        <p>
          A find you salvage that matches an equipped item still researching teaches it a{' '}
          <Figure testId="duplicate-lesson">1/{DUPLICATE_LESSON_DIVISOR}</Figure> of its rarity's research time.
        </p>
        <p>On the scavenge screen, while the focus is inside it and not in a field:</p>
        <ul className="list-disc pl-6" data-testid="scavenge-keys">
          <li>
            <kbd>S</kbd> scavenges,
          </li>
          <li>
            <kbd>B</kbd> takes best,
          </li>
          <li>
            <kbd>R</kbd> keeps for research.
          </li>
        </ul>
      </Section>

      <Section id="rarities" title="Rarities and odds">
        <p>
          Each find rolls its rarity, then an item of that rarity, then a quality from 1 to 10; each quality step above 1 adds{' '}
          <Figure testId="quality-step">{QUALITY_STEP_PERCENT}%</Figure> to its attack and defense. A trophy scores its
          rarity's points times its quality.{' '}
          <Link to={PATHS.odds} className="link">
            See the full odds
          </Link>
          .
        </p>
        <FigureTable caption="Rarities" head={['Rarity', 'Drop chance', 'Trophy points']}>
          {DROPPABLE.map((rarity) => (
            <FigureRow key={rarity} label={<RarityLabel rarity={rarity} />} testId={`rarity-${rarity}`} extra={`${tierPoints(rarity)} pt`}>
              {dropPercent(rarity)}%
            </FigureRow>
          ))}
          <FigureRow label={<RarityLabel rarity="assembled" />} testId="rarity-assembled" extra={`${tierPoints('assembled')} pt`}>
            crafted only
          </FigureRow>
        </FigureTable>
        <p>
          The duffel bag starts with no slots. Each new slot costs {DUFFEL_SLOT_PRICE} gold more than the last: the first{' '}
          <Figure testId="duffel-slot-1">{DUFFEL_SLOT_PRICE} gold</Figure>, the second {2 * DUFFEL_SLOT_PRICE}, the third{' '}
          {3 * DUFFEL_SLOT_PRICE}.
        </p>
      </Section>

      <Section id="fights" title="Fights">
        <p>
          A fight costs the attacker <Figure testId="fight-cost">{FIGHT_ENERGY_COST} energy</Figure>. Both fighters start at{' '}
          {FIGHT_HP} HP and strike in turn, a coin deciding who strikes first, {FIGHT_MAX_ROUNDS} strikes at most; attack hits
          harder, defense softens the blows, and a fighter at 0 HP is knocked out at once. A win pays a purse of{' '}
          <Figure testId="fight-purse">
            {FIGHT_PURSE_BASE} + {FIGHT_PURSE_PER_LEVEL} × the defender's level
          </Figure>{' '}
          gold, at most <Figure testId="fight-purse-cap">{FIGHT_PURSE_CAP} gold</Figure>:{' '}
          <Figure testId="fight-purse-taken">{FIGHT_PURSE_TAKEN_PERCENT}%</Figure> of it (rounded up) from the defender, the rest new gold,
          so a fight pays about what the same energy earns scavenging.
        </p>
        <p>
          Savings are safe: a defender never loses the gold below a protected{' '}
          <Figure testId="protected-gold">
            {PROTECTED_GOLD_BASE} + {PROTECTED_GOLD_PER_LEVEL} × level
          </Figure>
          , nor more than <Figure testId="daily-fight-loss">{DAILY_FIGHT_LOSS_PERCENT}%</Figure> of their gold to fights in a UTC day,
          nor, in their first {NEWCOMER_DAYS} days, more than <Figure testId="newcomer-fight-loss">{NEWCOMER_FIGHT_LOSS_CAP} gold</Figure> to
          fights in all. What the defender cannot give, the winner does not get.
        </p>
        <p>
          Sparring costs <Figure testId="sparring-cost">{SPARRING_ENERGY_COST} energy</Figure> and nobody loses to it: a scrap-built dummy
          with <Figure testId="sparring-dummy">{SPARRING_DUMMY_PERCENT}%</Figure> of your attack and defense, drawn by the same roll as a
          fight. A win pays what the same energy earns scavenging in your best open zone (
          <Figure testId="sparring-pays">
            {sparringPays(1).xp} XP and {sparringPays(1).gold} gold
          </Figure>{' '}
          at the Streets); it counts for the fight contract, and moves no rating, no board and no protection.
        </p>
        <p>
          Ratings start at <Figure testId="starting-rating">{STARTING_RATING}</Figure>. A win raises yours and a loss lowers it,
          by at most <Figure testId="elo-k">{ELO_K}</Figure> points a fight. Two players with the same rating win or lose{' '}
          {ratingChange(STARTING_RATING, STARTING_RATING, true)} each; beating a higher-rated player gains more, and beating a
          lower-rated one gains less. No rating falls below <Figure testId="rating-floor">{RATING_FLOOR}</Figure>. A player beaten in defence cannot be attacked for{' '}
          <Figure testId="fight-recovery">{formatDuration(FIGHT_RECOVERY_MS)}</Figure>, and after{' '}
          <Figure testId="daily-defences-cap">{DAILY_DEFENCES_LOST_CAP}</Figure> lost defences in one UTC day, until 00:00 UTC,
          unless they attack first: attacking ends that protection, and losing an attack gives none.
        </p>
        <p>
          A new player cannot be attacked for their first <Figure testId="new-player-protection">{NEW_PLAYER_PROTECTION_MS / (60 * MINUTE_MS)} hours</Figure>,
          unless they attack first: that ends it. The arena suggests players within{' '}
          <Figure testId="suggested-level-spread">{SUGGESTED_LEVEL_SPREAD} levels</Figure> of yours first. Only the first fight of a UTC
          day between the same two players, whoever attacks, moves gold and XP; later fights between them that day move their
          ratings only.
        </p>
      </Section>

      <Section id="levels" title="Levels">
        <p>
          Play earns XP. The first levels come quickly and each one after takes a little longer: level 2 starts at{' '}
          {xpForLevel(2)} XP, level 3 at {xpForLevel(3)}, level 4 at {xpForLevel(4)}, and the table shows more. Every{' '}
          {NEWSWORTHY_LEVEL_STEP}th level makes the news.
        </p>
        <XpTables />
      </Section>

      <Section id="crafting" title="Crafting">
        <p>
          Assembled items never drop: they are crafted from fully researched parts and gold, with the profile's Craft button.
          The parts are destroyed; the new item's quality is the mean of theirs, rounded, it comes fully researched, and the
          craft gives {XP.craft} XP.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {RECIPES.map((recipe) => {
            const result = catalogueById(recipe.resultId);
            return (
              <li key={recipe.id} className="flex gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid={`recipe-${recipe.id}`}>
                <ItemIcon catalogId={recipe.resultId} rarity="assembled" />
                <div className="min-w-0">
                  <h3 className="font-bold">{result?.name ?? recipe.resultId}</h3>
                  <p className="text-sm font-semibold tabular-nums">{recipe.gold} gold</p>
                  <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                    {recipe.inputs.map((input) => (
                      <li key={input.kind === 'item' ? input.catalogId : input.rarity}>{partName(input)}</li>
                    ))}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
      <Systems />
    </ReadingPage>
  );
}

