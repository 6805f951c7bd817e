/**
 * What cash buys and where it comes from (docs/design.md section 8.2), opened from the profile header's cash.
 * Each buy says beside it when it cannot be had (energy already full, how much more cash); the server decides
 * all the same, and a refusal shows its words (a Second Wind already used today, the day's three Field Kits).
 * The Showcase pins trophies to the public player card.
 */
import { MAX_ENERGY } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { BONUS_REWARD, STREAK_CASH, STREAK_LENGTH } from '../../../game/rules/contracts';
import { fieldKitPrice, FIELD_KITS_PER_DAY, SECOND_WIND_CASH, SHOWCASE_SLOT_CASH, SHOWCASE_SLOTS, showcaseCost } from '../../../game/rules/cash';
import { researchLeftMs } from '../../../game/rules/research';
import type { Profile } from '../../../game/wire';
import { CloseButton, Dialog, MessageDialog } from '../../components/dialog';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { toast } from '../../components/toasts';
import { useNow } from '../../components/use-now';
import { useRead } from '../../lib/query';
import { useIntent } from '../../lib/use-intent';
import { useState } from 'react';
import { cashApi } from './api';

interface CashShopProps {
  profile: Profile;
  /** Server time minus local time (lib/player.ts), so research left is counted on the server's clock. */
  clockOffset: number;
  onClose: () => void;
}

const short = (price: number, cash: number) => (cash < price ? `You need ${price - cash} more cash.` : null);

export default function CashShop({ profile, clockOffset, onClose }: CashShopProps) {
  const intent = useIntent<string>();
  const now = useNow() + clockOffset;
  const unfinished = profile.inventory
    .map((item) => ({ item, left: researchLeftMs(item.rarity, item, now) }))
    .filter(({ left }) => left > 0)
    .sort((a, b) => b.left - a.left);
  const buy = (name: string, send: () => Promise<unknown>, done: string) =>
    void intent.run(name, async () => {
      await send();
      toast(done);
    });

  return (
    <Dialog title="What cash buys" onClose={onClose} actions={<CloseButton onClose={onClose} />} testId="cash-shop">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        You have <strong>{profile.cash} cash</strong>. Cash comes from your daily contracts on the profile: 1 or 2 for each, {BONUS_REWARD.cash} more for all three, and{' '}
        {STREAK_CASH} more on every {STREAK_LENGTH}th day in a row.
      </p>
      <section className="mt-4" aria-labelledby="second-wind-title">
        <h3 id="second-wind-title" className="font-bold">
          Second Wind
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">Energy back to {MAX_ENERGY} at once, once a day.</p>
        <ReasonedButton
          className="btn-game mt-2"
          reason={profile.energy >= MAX_ENERGY ? MSG.energyAlreadyFull : short(SECOND_WIND_CASH, profile.cash)}
          onClick={() => buy('second-wind', () => cashApi.secondWind(), `Second Wind: energy back to ${MAX_ENERGY}.`)}
          disabled={intent.busy()}
        >
          Buy Second Wind ({SECOND_WIND_CASH} cash)
        </ReasonedButton>
      </section>
      <section className="mt-4" aria-labelledby="field-kit-title">
        <h3 id="field-kit-title" className="font-bold">
          Field Kit
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Finishes one equipped item&apos;s research now: 1 cash for each 160 minutes it still needs, up to {FIELD_KITS_PER_DAY} a day.
        </p>
        {unfinished.length === 0 ? (
          <p className="mt-2 text-sm" data-testid="field-kit-empty">
            Every equipped item is fully researched.
          </p>
        ) : (
          <ul className="mt-2 space-y-2">
            {unfinished.map(({ item, left }) => {
              const price = fieldKitPrice(left);
              return (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0">
                    {item.itemName} <span className="text-sm text-slate-600 dark:text-slate-400">· {timeLeft(left)} left</span>
                  </span>
                  <ReasonedButton
                    className="btn-secondary"
                    wrapperClassName="items-end"
                    reason={short(price, profile.cash)}
                    aria-label={`Finish researching ${item.itemName} (${price} cash)`}
                    onClick={() => buy(`kit-${item.id}`, () => cashApi.fieldKit(item.id), `Field Kit: ${item.itemName} is fully researched.`)}
                    disabled={intent.busy()}
                  >
                    Finish ({price} cash)
                  </ReasonedButton>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ShowcaseSection profile={profile} busy={intent.busy()} onPin={(itemIds, done) => buy('showcase', () => cashApi.showcase(itemIds), done)} />
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </Dialog>
  );
}

/**
 * The Showcase: the player picks up to three trophies for their public card; slots not bought yet cost
 * SHOWCASE_SLOT_CASH each, said before the tap. Pinning fewer, or none, is free.
 */
function ShowcaseSection({ profile, busy, onPin }: { profile: Profile; busy: boolean; onPin: (itemIds: string[], done: string) => void }) {
  const trophies = useRead(cashApi.trophies(profile.uid), 'could not read your trophy case');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const picked = chosen ?? profile.showcase.itemIds;
  const cost = showcaseCost(profile.showcase.slots, picked.length);
  const toggle = (id: string) => setChosen(picked.includes(id) ? picked.filter((other) => other !== id) : [...picked, id]);
  const unchanged = picked.length === profile.showcase.itemIds.length && picked.every((id, index) => profile.showcase.itemIds[index] === id);
  return (
    <section className="mt-4" aria-labelledby="showcase-title">
      <h3 id="showcase-title" className="font-bold">
        Showcase
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Pin up to {SHOWCASE_SLOTS} trophies to your public card: {SHOWCASE_SLOT_CASH} cash a slot, bought once. You have {profile.showcase.slots}{' '}
        {profile.showcase.slots === 1 ? 'slot' : 'slots'}.
      </p>
      <ReadState
        read={trophies}
        errorPrefix=""
        errorClassName="mt-2 text-sm"
        empty={{
          when: (list) => list.length === 0,
          show: (
            <p className="mt-2 text-sm" data-testid="showcase-empty">
              Your trophy case is empty: research a find and add it to pin it here.
            </p>
          ),
        }}
      >
        {(list) => (
          <>
            <fieldset className="mt-2">
              <legend className="sr-only">Trophies to pin</legend>
              <ul className="max-h-48 space-y-1 overflow-y-auto">
                {list.map(({ item }) => {
                  const checked = picked.includes(item.id);
                  return (
                    <li key={item.id}>
                      <label className="flex min-h-11 cursor-pointer items-center gap-3">
                        <input
                          type="checkbox"
                          className="h-5 w-5 accent-amber-600"
                          checked={checked}
                          disabled={!checked && picked.length >= SHOWCASE_SLOTS}
                          onChange={() => toggle(item.id)}
                        />
                        <span>
                          {item.itemName} <span className="text-sm text-slate-600 dark:text-slate-400">· Q{item.quality}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <ReasonedButton
              className="btn-game mt-2"
              reason={unchanged ? 'Choose the trophies to pin first.' : short(cost, profile.cash)}
              onClick={() => onPin(picked, picked.length ? `Showcase: ${picked.length} ${picked.length === 1 ? 'trophy' : 'trophies'} on your card.` : 'Showcase: your card shows no trophies.')}
              disabled={busy}
            >
              {cost > 0 ? `Pin to my card (${cost} cash)` : 'Pin to my card'}
            </ReasonedButton>
          </>
        )}
      </ReadState>
    </section>
  );
}
