/** What the profile's item details offer for an item the player owns: the trophy case, and the market. */
import { Link } from 'react-router';
import { fightStats, fightStatsWithTrophy, statsOf } from '../../../game/rules/fight-power';
import type { Item, Profile } from '../../../game/wire';
import { researchOf, researchWait } from '../../components/items';
import { researchNote } from '../../components/research-note';
import { ReasonedButton } from '../../components/reasoned-button';
import { useNow } from '../../components/use-now';
import { marketSellPath } from '../../paths';

/**
 * 'Add to Trophy Case' waits for full research: until then it says how long (issue 17), and a press shows the
 * spec's refusal popup on top of the details popup. The server still refuses an unresearched item.
 */
export function TrophyButton({ item, clockOffset, onAdd, onBlocked, disabled }: { item: Item; clockOffset: number; onAdd: () => void; onBlocked: () => void; disabled: boolean }) {
  const serverNow = useNow(1000) + clockOffset;
  const research = researchOf(item, serverNow);
  const reason = research < 100 ? `Research ${research} % — ${researchWait(item, serverNow).replace(/ left$/, '')} to go.` : null;
  return (
    <ReasonedButton className="btn-primary w-full" wrapperClassName="mr-auto max-w-56" reason={reason} whenBlocked={onBlocked} onClick={onAdd} disabled={disabled}>
      Add to Trophy Case
    </ReasonedButton>
  );
}

/**
 * Above 'Add to Trophy Case': an item someone else researched adds to the collection, not the score (docs/design.md
 * section 9.4), said before the tap. Nothing for the player's own research or an item still researching.
 */
export function ScoreNote({ item, username }: { item: Item; username: string }) {
  if (item.researchedBy === username || (item.researchedBy === null && item.research < 100)) return null;
  return (
    <p className="w-full text-sm text-slate-700 dark:text-slate-200" data-testid="score-note">
      {researchNote(item.researchedBy, username)}.
    </p>
  );
}

/**
 * Above 'Add to Trophy Case': the player's fight power before and after (docs/design.md section 9.6). An equipped
 * item leaves the slots; a trophy the player researched adds a tenth of its stats back; one bought adds nothing.
 */
export function FightPowerChange({ item, profile }: { item: Item; profile: Profile }) {
  if (item.research < 100) return null;
  const equipped = { attack: profile.totalAttack, defense: profile.totalDefense };
  const before = fightStats(equipped, [profile.trophyStats]);
  const after = fightStatsWithTrophy(equipped, [profile.trophyStats], {
    ...statsOf(item),
    equipped: profile.inventory.some((owned) => owned.id === item.id),
    ownResearch: item.researchedBy === profile.username,
  });
  return (
    <p className="w-full text-sm text-slate-700 dark:text-slate-200" data-testid="fight-power-change">
      As a trophy, your fight power goes from ATK {before.attack} DEF {before.defense} to ATK {after.attack} DEF {after.defense}.
    </p>
  );
}

/** To the market's form that lists this item (docs/design.md section 8.5): only fully researched items sell. */
export function SellLink({ item, clockOffset }: { item: Item; clockOffset: number }) {
  const serverNow = useNow(1000) + clockOffset;
  if (researchOf(item, serverNow) < 100) return null;
  return (
    <Link to={marketSellPath(item.id)} className="btn-secondary">
      Sell on the market
    </Link>
  );
}
