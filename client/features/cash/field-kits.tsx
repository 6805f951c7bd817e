/**
 * The Field Kit (docs/design.md section 8.2): finishes one equipped item's research now. The rows keep their
 * places while the dialog is open: an item finished here stays where it was, saying so, so the next item's
 * button never slides under a finger that tapped twice (docs/design.md section 9.2, issue #40).
 */
import { useState } from 'react';
import { fieldKitPrice, FIELD_KITS_PER_DAY } from '../../../game/rules/cash';
import { researchLeftMs } from '../../../game/rules/research';
import type { Profile } from '../../../game/wire';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { cashApi } from './api';
import { short, type Spend } from './spend';

interface Row {
  id: string;
  name: string;
}

export function FieldKits({ profile, now, busy, onFinish }: { profile: Profile; now: number; busy: boolean; onFinish: (spend: Spend) => void }) {
  const unfinished = profile.inventory
    .map((item) => ({ item, left: researchLeftMs(item.rarity, item, now) }))
    .filter(({ left }) => left > 0)
    .sort((a, b) => b.left - a.left);
  // The rows in the order first shown; new unfinished items join at the end (React's state-from-render pattern).
  const [rows, setRows] = useState<readonly Row[]>(() => unfinished.map(({ item }) => ({ id: item.id, name: item.itemName })));
  const added = unfinished.filter(({ item }) => !rows.some((row) => row.id === item.id));
  if (added.length > 0) setRows([...rows, ...added.map(({ item }) => ({ id: item.id, name: item.itemName }))]);

  return (
    <section className="mt-4" aria-labelledby="field-kit-title">
      <h3 id="field-kit-title" className="font-bold">
        Field Kit
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Finishes one equipped item&apos;s research now: 1 cash for each 160 minutes it still needs, up to {FIELD_KITS_PER_DAY} a day.
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm" data-testid="field-kit-empty">
          Every equipped item is fully researched.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {rows.map(({ id, name }) => {
            const row = unfinished.find(({ item }) => item.id === id);
            if (!row) {
              return (
                <li key={id} className="flex min-h-11 items-center" data-testid="field-kit-done">
                  {name} <span className="ml-1 text-sm text-slate-600 dark:text-slate-400">· fully researched</span>
                </li>
              );
            }
            const price = fieldKitPrice(row.left);
            return (
              <li key={id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  {name} <span className="text-sm text-slate-600 dark:text-slate-400">· {timeLeft(row.left)} left</span>
                </span>
                <ReasonedButton
                  className="btn-secondary"
                  wrapperClassName="items-end"
                  reason={short(price, profile.cash)}
                  aria-label={`Finish researching ${name} (${price} cash)`}
                  onClick={() =>
                    onFinish({ name: `kit-${id}`, question: `Finish researching ${name} now with a Field Kit for ${price} cash?`, price, send: () => cashApi.fieldKit(id), done: `Field Kit: ${name} is fully researched.` })
                  }
                  disabled={busy}
                >
                  Finish ({price} cash)
                </ReasonedButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
