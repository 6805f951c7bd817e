/**
 * Founding a guild for 200 gold (docs/design.md section 7.2). The form checks the name and tag with the server's own
 * schema first; the server decides the rest (gold, a name or tag already taken) and its message is shown as is.
 */
import { useState, type FormEvent } from 'react';
import { GOLD_PER_SCAVENGE, GUILD_NAME_MAX, GUILD_PRICE } from '../../../game/constants';
import { CreateGuildSchema } from '../../../game/schemas';
import type { GuildPage } from '../../../game/wire';
import { ReasonedButton } from '../../components/reasoned-button';
import { Field, Form, problemOf, type FormProblem } from '../../components/forms';
import { MSG } from '../../../game/messages';
import { messageOf } from '../../lib/api';
import { guildsApi } from './api';

export function CreateGuild({ gold, onCreated }: { gold: number; onCreated: (page: GuildPage) => void }) {
  const short =
    gold < GUILD_PRICE
      ? `You need ${GUILD_PRICE - gold} more gold: each scavenge brings ${GOLD_PER_SCAVENGE}, and a won fight in the arena takes some of the loser's.`
      : null;
  const [error, setError] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const checked = CreateGuildSchema.safeParse({ name: String(form.get('name')).trim(), tag: String(form.get('tag')).trim(), open: form.get('open') === 'open' });
    if (!checked.success) {
      setError(problemOf(checked.error.issues, MSG.guildNameInvalid));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onCreated(await guildsApi.create(checked.data));
    } catch (e) {
      setError({ message: messageOf(e) });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="create-guild-title" className="panel p-4">
      <h2 id="create-guild-title" className="panel-title">
        Create a guild ({GUILD_PRICE} gold)
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-300">You lead the guild you found. You have <span className="font-semibold tabular-nums" data-testid="create-gold">{gold}</span> gold.</p>
      {/* Said before the form is filled in, with how much more and where gold comes from (issue #24). */}
      {short && (
        <p className="mb-3 text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="guild-gold-short">
          {short}
        </p>
      )}
      <Form onSubmit={(event) => void submit(event)} problem={error}>
        <Field label="Guild name" name="name" maxLength={GUILD_NAME_MAX} autoComplete="off" required />
        <Field label="Tag" name="tag" maxLength={4} autoComplete="off" required className="input w-28" />
        <fieldset className="mb-4">
          <legend className="mb-1 text-sm font-medium">Who may join</legend>
          <div className="grid grid-cols-2 gap-2">
            <Choice value="open" label="Open" hint="Anyone joins at once" defaultChecked />
            <Choice value="closed" label="Closed" hint="Players ask to join" />
          </div>
        </fieldset>
        <ReasonedButton
          type="submit"
          className="btn-game w-full sm:w-auto"
          reason={short ? `${GUILD_PRICE - gold} more gold needed.` : null}
          whenBlocked={() => setError({ message: MSG.notEnoughGold })}
          disabled={busy}
        >
          Create guild ({GUILD_PRICE} gold)
        </ReasonedButton>
      </Form>
    </section>
  );
}

/** A radio shown as a card: the input itself is visually hidden, the whole card is the touch target. */
function Choice({ value, label, hint, defaultChecked }: { value: string; label: string; hint: string; defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer flex-col rounded-xl bg-white px-3 py-2 ring-1 ring-slate-300 has-checked:bg-amber-100 has-checked:ring-2 has-checked:ring-amber-600 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus) dark:bg-slate-950 dark:ring-slate-700 dark:has-checked:bg-amber-500/15 dark:has-checked:ring-amber-400">
      <input type="radio" name="open" value={value} defaultChecked={defaultChecked} className="sr-only" />
      <span className="font-semibold">{label}</span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{hint}</span>
    </label>
  );
}
