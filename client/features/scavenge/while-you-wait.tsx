import { Link } from 'react-router';
import { researchLeftMs } from '../../../game/rules/research';
import { REFILL_FIRST_GOLD } from '../../../game/rules/shop';
import type { Item } from '../../../game/wire';
import { timeLeft } from '../../components/time-left';
import { PATHS } from '../../paths';

/**
 * Out of energy, the screen points at what is worth doing meanwhile (issue #25): the equipped research that
 * ends soonest, the contracts and Second Wind on the profile, and the gold shop's refill, not only a countdown.
 */
export function WhileYouWait({ items, now }: { items: readonly Item[]; now: number }) {
  const [soonest] = items
    .map((item) => ({ item, left: researchLeftMs(item.rarity, item, now) }))
    .filter(({ left }) => left > 0)
    .sort((a, b) => a.left - b.left);
  return (
    <section aria-labelledby="while-you-wait" className="panel p-3 text-sm" data-testid="while-you-wait">
      <h2 id="while-you-wait" className="font-bold">
        While your energy comes back
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {soonest && (
          <li data-testid="research-soonest">
            {soonest.item.itemName} finishes its research in {timeLeft(soonest.left)}: then it can go in your trophy case.
          </li>
        )}
        <li>
          <Link to={PATHS.profile} className="link">
            Today&apos;s contracts
          </Link>{' '}
          pay cash, and cash buys a Second Wind: your energy back to full at once.
        </li>
        <li>
          <Link to={PATHS.shop} className="link">
            The gold shop
          </Link>{' '}
          refills your energy for gold: {REFILL_FIRST_GOLD} for the first today, twice as much for each next one.
        </li>
      </ul>
    </section>
  );
}
