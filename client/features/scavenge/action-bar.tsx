/**
 * The scavenge screen's actions (issue 17): Scavenge, Take best, Keep for research and Take/Swap, in a bar stuck to
 * the bottom within the thumb's reach. A button that cannot succeed says why, and pressed anyway shows the spec's
 * popup (issue #24); the server still refuses with the spec's messages. "Take best" and "Keep for research" each
 * complete the step (issue #40); the line under the buttons says what the last one salvaged, on phones too.
 */
import { INVENTORY_SIZE } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Zone } from '../../../game/rules/zones';
import type { Profile } from '../../../game/wire';
import { count } from '../../components/count';
import { ShovelIcon } from '../../components/glyphs';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { useBottomBar } from '../../components/use-bottom-bar';

interface ActionBarProps {
  profile: Profile;
  zone: Zone;
  /** Until the next energy point, on this device's clock. */
  nextEnergyMs: number;
  hasLoot: boolean;
  /** How many finds are picked to take, and equipped items to drop. */
  picked: number;
  dropped: number;
  /** How many finds "Take best" would take. */
  bestTakes: number;
  /** How many finds "Keep for research" would take; null until the trophy case is read. */
  researchTakes: number | null;
  trophiesFailed: boolean;
  scavenging: boolean;
  /** Any intent under way. */
  busy: boolean;
  /** A Take/Swap was just done and nothing picked since: a late second tap does nothing. */
  took?: boolean;
  /** What the last intent did and salvaged, shown in place of the selection line until the next pick. */
  said?: string | null;
  /** The finds' best ("Best find: Katana (Rare)."), the one the announcer and the log name; not on phones. */
  best?: string | null;
  /** Shows the spec's refusal popup for a blocked button pressed anyway. */
  onRefuse: (message: string) => void;
  onScavenge: () => void;
  onTakeBest: () => void;
  onKeepForResearch: () => void;
  onTakeSwap: () => void;
}

export function ScavengeActionBar(props: ActionBarProps) {
  const { profile, zone, hasLoot, picked, dropped, busy, took, said, onRefuse } = props;
  const actionBar = useBottomBar();
  const blocked = whyActionsWait(props);
  const saying = !!said && picked + dropped === 0;
  const suggested = hasLoot && !!props.researchTakes;
  return (
    // Stuck to the bottom (above the phone's navigation), so the actions stay in reach whatever shows above.
    <section
      ref={actionBar}
      data-bottom-bar
      aria-label="Scavenge"
      data-testid="action-bar"
      className="panel sticky bottom-[calc(3.0625rem+env(safe-area-inset-bottom))] z-20 p-2 shadow-lg sm:bottom-3 sm:p-3"
    >
      {/* Columns that never grow past their share, so four buttons fit a 360 px phone (words wrap instead). */}
      <div className="grid grid-cols-[minmax(0,1.25fr)_repeat(3,minmax(0,1fr))] items-start gap-1.5 sm:gap-2">
        <ReasonedButton
          className="btn-game min-h-12 w-full px-1.5 text-sm leading-tight max-[389px]:text-xs sm:text-base"
          reason={blocked.scavenge}
          whenBlocked={() => onRefuse(profile.level < zone.level ? MSG.zoneLevel(zone.level) : MSG.notEnoughEnergy)}
          onClick={props.onScavenge}
          disabled={props.scavenging}
          aria-keyshortcuts="s"
        >
          <ShovelIcon />
          Scavenge ({zone.energy} energy)
        </ReasonedButton>
        {/* Two kinds of best (issue #24): the strongest six, or the six that keep research and fill the case. */}
        <ReasonedButton className="btn-secondary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base" reason={blocked.best} onClick={props.onTakeBest} disabled={busy} aria-keyshortcuts="b">
          Take best
        </ReasonedButton>
        {/* The suggestion (docs/design.md section 10.3): "Keep for research" whenever a find is worth a slot. */}
        <ReasonedButton
          className={`btn-secondary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base ${suggested ? 'ring-2 ring-amber-500 ring-offset-1 dark:ring-amber-300 dark:ring-offset-slate-900' : ''}`}
          reason={blocked.research}
          onClick={props.onKeepForResearch}
          disabled={busy}
          aria-keyshortcuts="r"
          data-suggested={suggested || undefined}
        >
          Keep for research
        </ReasonedButton>
        <ReasonedButton
          className="btn-primary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base"
          reason={blocked.take}
          // A tap that lands after a Take/Swap just done is the same tap twice: it does nothing rather than refuse.
          whenBlocked={() => !took && onRefuse(picked === 0 ? MSG.noLootSelected : MSG.inventoryFull)}
          onClick={props.onTakeSwap}
          disabled={busy}
        >
          Take/Swap
        </ReasonedButton>
      </div>
      {/* What was salvaged shows on phones too (issue #40), where the selection line would crowd out a find; the
          screen's announcer says it to a screen reader. */}
      <p className={`mt-1 text-xs text-slate-600 sm:text-sm dark:text-slate-300 ${saying ? '' : 'max-sm:sr-only'}`} data-testid="action-line">
        {props.best && picked + dropped === 0 && (
          <span className="max-sm:hidden" data-testid="best-line">
            {props.best}{' '}
          </span>
        )}
        {saying
          ? said
          : hasLoot
            ? `Selected: ${count(picked, 'find')} to take, ${count(dropped, 'equipped item')} to drop.`
            : 'Scavenge, then tap the finds you want to keep.'}
      </p>
    </section>
  );
}

/** Why each action cannot succeed now (null: it can). */
function whyActionsWait({ profile, zone, nextEnergyMs, hasLoot, picked, dropped, bestTakes, researchTakes, trophiesFailed }: ActionBarProps) {
  const scavenge =
    profile.level < zone.level
      ? MSG.zoneLevel(zone.level)
      : profile.energy < zone.energy
        ? `${profile.energy === 0 ? 'No energy.' : `The ${zone.name} takes ${zone.energy} energy.`} The next point comes in ${timeLeft(nextEnergyMs)}.`
        : null;
  const short = picked - (INVENTORY_SIZE - profile.inventory.length) - dropped;
  const take = !hasLoot
    ? 'Scavenge first.'
    : picked === 0
      ? 'Select a find to take.'
      : short > 0
        ? `All ${INVENTORY_SIZE} slots are full: select ${count(short, 'equipped item')} to drop.`
        : null;
  const best = !hasLoot ? 'Scavenge first.' : bestTakes === 0 ? 'Nothing here beats what you have equipped.' : null;
  const research =
    researchTakes === null
      ? trophiesFailed
        ? 'Could not read your trophy case.'
        : 'Reading your trophy case…'
      : !hasLoot
        ? 'Scavenge first.'
        : researchTakes === 0
          ? 'Nothing here is worth a slot for research.'
          : null;
  return { scavenge, take, best, research };
}
