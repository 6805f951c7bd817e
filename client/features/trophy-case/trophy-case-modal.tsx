/**
 * docs/spec.md section 2 "Trophy case modal": the rarities with owned/total counts, then a rarity's catalogue items
 * with the names (and drawings) of items not yet in the case masked by question marks. Back returns to the rarities; Close,
 * Escape and a click outside close it. "Owned" means present in the trophy case (docs/design.md section 3).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { MSG } from '../../../game/messages';
import { itemsOfRarity, MAX_RESEARCH_BONUS_PERCENT, RARITIES, researchBonusPercent, SET_RESEARCH_BONUS_PERCENT, type Rarity } from '../../../game/rules';
import { CloseButton, Dialog } from '../../components/dialog';
import { ItemIcon } from '../../components/item-art';
import { RarityLabel, rarityStyle } from '../../components/rarity';
import { ReadState } from '../../components/read-state';
import { useRead } from '../../lib/query';
import { trophyCaseApi } from './api';

/** The tiers the modal lists (spec): every tier but limited, which has no catalogue items. */
const SHOWN: readonly Rarity[] = RARITIES.filter((rarity) => rarity !== 'limited');

/** Letters and digits become '?', spaces stay, so the name's shape shows but not the name. */
export const maskName = (name: string) => name.replace(/\S/g, '?');

interface Props {
  uid: string;
  score: number;
  averageQuality: number;
  /** Catalogue ids the player holds outside the case: found, so named (issue #51), though not in the case yet. */
  held?: readonly string[];
  onClose: () => void;
}

interface Owned {
  count: number;
  bestQuality: number;
}

/** What the sets give: every tier in the case is a set; each complete one speeds research up. */
function setBonusText(bonus: number): string {
  const rule = `A tier with every item in the case is a complete set: research runs ${SET_RESEARCH_BONUS_PERCENT} % faster for each (at most ${MAX_RESEARCH_BONUS_PERCENT} %), from an item's next equip.`;
  return bonus === 0 ? rule : `${rule} Yours: ${bonus} % faster.`;
}

export default function TrophyCaseModal({ uid, score, averageQuality, held = [], onClose }: Props) {
  const trophies = useRead(trophyCaseApi.list(uid), MSG.trophyFetchFailed);
  const entries = trophies.data;
  const [rarity, setRarity] = useState<Rarity | null>(null);
  // Focus follows the view, so a keyboard user is never left on a button that just disappeared: into a tier,
  // its heading; back out, the tier they came from.
  const tierList = useRef<HTMLUListElement>(null);
  const tierHeading = useRef<HTMLHeadingElement>(null);
  const cameFrom = useRef<Rarity | null>(null);
  useEffect(() => {
    if (rarity) tierHeading.current?.focus();
    else if (cameFrom.current) tierList.current?.querySelector<HTMLElement>(`[data-tier="${cameFrom.current}"]`)?.focus();
  }, [rarity]);
  const openTier = (tier: Rarity) => {
    cameFrom.current = tier;
    setRarity(tier);
  };

  const owned = useMemo(() => {
    const byCatalogId = new Map<string, Owned>();
    for (const { item } of entries ?? []) {
      const seen = byCatalogId.get(item.catalogId);
      byCatalogId.set(item.catalogId, { count: (seen?.count ?? 0) + 1, bestQuality: Math.max(seen?.bestQuality ?? 0, item.quality) });
    }
    return byCatalogId;
  }, [entries]);

  const ownedOf = (tier: Rarity) => itemsOfRarity(tier).filter((item) => owned.has(item.id)).length;

  return (
    <Dialog
      title="Trophy Case"
      onClose={onClose}
      testId="trophy-case"
      className="max-w-lg"
      actions={
        <>
          {rarity && (
            <button type="button" className="btn-secondary min-w-24" onClick={() => setRarity(null)}>
              Back
            </button>
          )}
          <CloseButton onClose={onClose} className="btn-primary min-w-24" />
        </>
      }
    >
      <p className="mb-3 flex justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>
          Score <strong data-testid="trophy-score">{score}</strong>
        </span>
        <span>
          Average quality <strong>{averageQuality.toFixed(1)}</strong>
        </span>
      </p>
      <ReadState
        // The same words whatever went wrong: the server's message is in the console.
        read={{ data: entries, error: trophies.error && MSG.trophyFetchFailed }}
        errorPrefix=""
        errorClassName=""
        loadingClassName=""
      >
        {() =>
          rarity === null ? (
            <>
              {/* The sets (docs/design.md section 9.6): each tier complete once, by anyone's research. */}
              <p className="mb-2 text-sm text-slate-700 dark:text-slate-200" data-testid="set-bonus">
                {setBonusText(researchBonusPercent(owned.keys()))}
              </p>
              <ul ref={tierList} className="space-y-2" aria-label="Rarities">
                {SHOWN.map((tier) => {
                  const total = itemsOfRarity(tier).length;
                  const have = ownedOf(tier);
                  return (
                    <li key={tier}>
                      <button
                        type="button"
                        onClick={() => openTier(tier)}
                        data-tier={tier}
                        style={rarityStyle(tier)}
                        className="flex min-h-12 w-full items-center gap-3 rounded-xl border-l-4 border-l-(--rarity) bg-slate-50 px-3 py-2 text-left ring-1 ring-slate-200 hover:bg-amber-50 dark:bg-slate-800 dark:ring-slate-700 dark:hover:bg-slate-700"
                      >
                        <RarityLabel rarity={tier} className="flex-1 font-semibold" />{' '}
                        <span aria-hidden="true" className="bar h-1.5 w-16">
                          <span className="bar-fill bg-(--rarity)" style={{ width: `${(have / total) * 100}%` }} />
                        </span>
                        <span className="w-12 text-right text-sm font-semibold tabular-nums" data-testid={`trophy-count-${tier}`}>
                          {have}/{total}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <section aria-labelledby="trophy-rarity">
              <h3 id="trophy-rarity" ref={tierHeading} tabIndex={-1} className="mb-2 font-bold">
                <RarityLabel rarity={rarity} /> ({ownedOf(rarity)}/{itemsOfRarity(rarity).length})
              </h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                {itemsOfRarity(rarity).map((item) => {
                  const mine = owned.get(item.id);
                  const holding = !mine && held.includes(item.id);
                  return (
                    <li
                      key={item.id}
                      data-testid="trophy-item"
                      data-owned={mine ? 'true' : 'false'}
                      data-held={holding ? 'true' : undefined}
                      className={`flex items-center gap-3 rounded-xl p-2 ring-1 ${mine ? 'bg-amber-50 ring-amber-300 dark:bg-amber-500/10 dark:ring-amber-500/40' : 'bg-slate-50 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700'}`}
                    >
                      <ItemIcon catalogId={item.id} rarity={rarity} size="sm" masked={!mine && !holding} />
                      {mine ? (
                        <span className="min-w-0">
                          <span className="block font-bold">{item.name}</span>
                          <span className="text-xs text-slate-600 dark:text-slate-300">
                            Best quality {mine.bestQuality}
                            {mine.count > 1 ? ` · ×${mine.count}` : ''}
                          </span>
                        </span>
                      ) : holding ? (
                        <span className="min-w-0">
                          <span className="block font-bold">{item.name}</span>
                          <span className="text-xs text-slate-600 dark:text-slate-300">Yours, not in the case yet</span>
                        </span>
                      ) : (
                        <span className="min-w-0">
                          <span aria-hidden="true" className="block font-mono font-bold tracking-wider text-slate-600 dark:text-slate-400">
                            {maskName(item.name)}
                          </span>
                          <span className="text-xs text-slate-600 dark:text-slate-400">Not found yet</span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )
        }
      </ReadState>
    </Dialog>
  );
}
