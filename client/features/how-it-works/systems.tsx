/**
 * The rules page's later sections: where gold and cash come from and what they buy, zones, contracts, seasons,
 * the guilds' Salvage Drive and notices (docs/design.md sections 8 and 9). Every figure is read from game/rules,
 * as on the rest of the page.
 */
import { Link } from 'react-router';
import { MAX_ENERGY } from '../../../game/constants';
import { DROPPABLE, refillPrice, salvageGold, ZONES } from '../../../game/rules';
import { FIELD_KIT_MINUTES_PER_CASH, FIELD_KITS_PER_DAY, SECOND_WIND_CASH, SHOWCASE_SLOT_CASH, SHOWCASE_SLOTS } from '../../../game/rules/cash';
import { BONUS_REWARD, CONTRACTS_PER_DAY, STREAK_CASH, STREAK_LENGTH } from '../../../game/rules/contracts';
import { DRIVE_CASH, DRIVE_CLAIM_POINTS, DRIVE_POINTS_PER_MEMBER } from '../../../game/rules/drive';
import { LISTING_TTL_MS, MARKET_LEVEL, MAX_OPEN_LISTINGS } from '../../../game/rules/market';
import { NOTICE_KIND_LABELS, NOTICE_KINDS } from '../../../game/rules/notices';
import { SEASON_PRIZES, SEASON_TROPHIES_FOR_PRIZE } from '../../../game/rules/season';
import { FigureRow, FigureTable } from '../../components/figure-table';
import { RarityLabel } from '../../components/rarity';
import { PATHS } from '../../paths';
import { Figure, Section } from './section';

const salvageAt = (rarity: (typeof DROPPABLE)[number], quality: number) => salvageGold({ catalogId: '', rarity, quality });

export function Systems() {
  return (
    <>
      <Section id="salvage" title="Salvage">
        <p>
          Nothing found is worth nothing. Finds you leave behind are salvaged at your next scavenge, and deleting or dropping an item pays its
          salvage too: at least 1 gold, more for a rarer tier and a higher quality. An Assembled item salvages for no more than its cheapest parts.
        </p>
        <FigureTable caption="Salvage in gold, at quality 1 and at quality 10" head={['Rarity', 'Quality 1', 'Quality 10']}>
          {DROPPABLE.map((rarity) => (
            <FigureRow key={rarity} label={<RarityLabel rarity={rarity} />} testId={`salvage-${rarity}`} extra={`${salvageAt(rarity, 10)}`}>
              {salvageAt(rarity, 1)}
            </FigureRow>
          ))}
        </FigureTable>
      </Section>

      <Section id="gold" title="Gold">
        <p>
          Gold comes from scavenging, salvage, fights and the market. The{' '}
          <Link to={PATHS.shop} className="link">
            gold shop
          </Link>{' '}
          sells an energy refill, your energy back to {MAX_ENERGY}: the first of a UTC day costs <Figure testId="refill-first">{refillPrice(0)} gold</Figure>, and each
          next one that day twice the one before ({refillPrice(1)}, {refillPrice(2)}, …). It asks before it spends.
        </p>
        <p>
          On the{' '}
          <Link to={PATHS.market} className="link">
            market
          </Link>
          , from level {MARKET_LEVEL} with a verified email, you sell fully researched items, up to {MAX_OPEN_LISTINGS} listings at a time for{' '}
          {LISTING_TTL_MS / 3_600_000} hours each. Listing costs 1 gold plus 1 % of the price, and a sale pays the price less 5 %. The lowest price is{' '}
          <Figure testId="market-floor">twice the item&apos;s salvage</Figure>, so no item sells for less than deleting it would pay.
        </p>
      </Section>

      <Section id="zones" title="Zones">
        <p>
          Each scavenge searches one zone; a zone opens at its level.{' '}
          <Link to={PATHS.odds} className="link">
            The odds
          </Link>{' '}
          print every zone&apos;s chances.
        </p>
        <FigureTable caption="Energy a scavenge, and the level a zone opens at" head={['Zone', 'Energy', 'From level']}>
          {ZONES.map((zone) => (
            <FigureRow key={zone.id} label={`${zone.name}: ${zone.pitch}`} testId={`zone-${zone.id}`} extra={`level ${zone.level}`}>
              {zone.energy}
            </FigureRow>
          ))}
        </FigureTable>
      </Section>

      <Section id="contracts" title="Contracts and cash">
        <p>
          Each UTC day brings {CONTRACTS_PER_DAY} contracts on your profile, such as spending energy scavenging (in any zone) or winning a fight. Each pays 1 or 2 cash;
          all three pay {BONUS_REWARD.cash} cash and {BONUS_REWARD.gold} gold more (on a day whose third is a craft, the other two are enough), and every{' '}
          {STREAK_LENGTH}th day in a row pays <Figure testId="streak-cash">{STREAK_CASH} cash</Figure> more.
        </p>
        <p>
          Cash buys a Second Wind ({SECOND_WIND_CASH} cash, energy back to {MAX_ENERGY}, once a day), a Field Kit (1 cash for each{' '}
          {FIELD_KIT_MINUTES_PER_CASH} minutes of research left, {FIELD_KITS_PER_DAY} a day) and Showcase slots on your public card ({SHOWCASE_SLOT_CASH} cash each,{' '}
          {SHOWCASE_SLOTS} at most). Every cash spend names its price and asks first.
        </p>
      </Section>

      <Section id="seasons" title="Seasons">
        <p>
          A season is a calendar month (UTC). Trophies you researched yourself, whose research finished in it, score on the{' '}
          <Link to={PATHS.leaderboard} className="link">
            month&apos;s board
          </Link>
          . On the 1st the top 1 % win {SEASON_PRIZES.top1} cash and the top 10 % {SEASON_PRIZES.top10}, with the month&apos;s medal; {SEASON_TROPHIES_FOR_PRIZE}{' '}
          scoring trophies in the season add {SEASON_PRIZES.trophies} cash, without a medal.
        </p>
      </Section>

      <Section id="drive" title="The Salvage Drive">
        <p>
          Each week from Monday 00:00 UTC, a{' '}
          <Link to={PATHS.guilds} className="link">
            guild
          </Link>
          &apos;s members give researched items for points (an item&apos;s trophy points) towards {DRIVE_POINTS_PER_MEMBER.toLocaleString('en-US')} points a member.
          Once the target is met, each member who gave {DRIVE_CLAIM_POINTS} points claims {DRIVE_CASH} cash.
        </p>
      </Section>

      <Section id="notices" title="Notices">
        <p>
          The game can tell you, on this device or by push, when: {NOTICE_KINDS.map((kind) => NOTICE_KIND_LABELS[kind].toLowerCase()).join(', ')}. Each kind is
          turned on or off in your{' '}
          <Link to={PATHS.notices} className="link">
            notices
          </Link>
          , and comes at most once an hour.
        </p>
      </Section>
    </>
  );
}

