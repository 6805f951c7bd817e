/**
 * The Showcase: the player picks up to three trophies for their public card; slots not bought yet cost
 * SHOWCASE_SLOT_CASH each, said before the tap and asked about (names and price) before it is spent. Pinning
 * fewer, or none, is free. The choice the card already shows is nothing to send: with none ticked it asks for a
 * choice, with some it says the card shows them (issue #40: it asked for a choice with trophies ticked).
 */
import { useState } from 'react';
import { SHOWCASE_SLOT_CASH, SHOWCASE_SLOTS, showcaseCost } from '../../../game/rules/cash';
import type { Profile } from '../../../game/wire';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { useRead } from '../../lib/query';
import { cashApi } from './api';
import { short, type Spend } from './spend';

/** The picked trophies' names, in the order picked: 'Rusty Key and Old Map'. */
const namesOf = (list: readonly { item: { id: string; itemName: string } }[], picked: readonly string[]) => {
  const names = picked.map((id) => list.find(({ item }) => item.id === id)?.item.itemName ?? 'a trophy');
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no trophies');
};
const trophyCount = (n: number) => `${n} ${n === 1 ? 'trophy' : 'trophies'}`;

export function ShowcaseSection({ profile, busy, onPin }: { profile: Profile; busy: boolean; onPin: (spend: Spend) => void }) {
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
              reason={unchanged ? (picked.length === 0 ? 'Choose the trophies to pin first.' : 'Your card already shows these trophies.') : short(cost, profile.cash)}
              onClick={() =>
                onPin({
                  name: 'showcase',
                  question: `Pin ${namesOf(list, picked)} to your card for ${cost} cash?`,
                  price: cost,
                  send: () => cashApi.showcase(picked),
                  done: picked.length ? `Showcase: ${trophyCount(picked.length)} on your card.` : 'Showcase: your card shows no trophies.',
                })
              }
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
