/**
 * The player's seeds on the fairness page (docs/design.md section 8.8): the server seed's fingerprint, a client
 * seed of their own, and revealing the server seed, which starts a new one and lets the rolls made with it be checked.
 */
import { useState, type FormEvent } from 'react';
import { CLIENT_SEED_PATTERN } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Fairness, Rotation } from '../../../game/wire';
import { Notice } from '../../components/forms';
import { messageOf } from '../../lib/api';
import { fairnessApi } from './api';
import { revealsShownSeed } from '../../../game/rules/fair-verdict';

export function Seeds({ seeds, onChanged, onRotated }: { seeds: Fairness; onChanged: (seeds: Fairness) => void; onRotated: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotation, setRotation] = useState<{ answer: Rotation; shownHash: string } | null>(null);
  const [rotateError, setRotateError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const clientSeed = String(new FormData(event.currentTarget).get('clientSeed')).trim();
    setSaved(null);
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      setError(MSG.clientSeedInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onChanged(await fairnessApi.setClientSeed(clientSeed));
      setSaved(`Your next rolls use the client seed ${clientSeed}.`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function rotate() {
    if (busy) return;
    setBusy(true);
    setRotateError(null);
    try {
      setRotation({ answer: await fairnessApi.rotate(), shownHash: seeds.serverSeedHash });
      onRotated();
    } catch (e) {
      setRotateError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const errorId = 'client-seed-error';
  return (
    <>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Server seed’s SHA-256</dt>
        <dd className="font-mono break-all" data-testid="server-seed-hash">
          {seeds.serverSeedHash}
        </dd>
        <dt className="font-semibold">Client seed</dt>
        <dd className="font-mono break-all" data-testid="client-seed">
          {seeds.clientSeed}
        </dd>
        <dt className="font-semibold">Next roll’s nonce</dt>
        <dd className="tabular-nums" data-testid="nonce">
          {seeds.nonce}
        </dd>
      </dl>
      <form className="mt-4" onSubmit={(event) => void submit(event)} noValidate>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Your client seed</span>
          <input
            className="input"
            name="clientSeed"
            defaultValue={seeds.clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Up to 64 letters, digits, - and _. Choosing your own means the server could not have picked its seed to suit yours.</p>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page. */}
        <button type="submit" className="btn-secondary mt-3 aria-disabled:opacity-50" aria-disabled={busy || undefined}>
          Use this client seed
        </button>
        {error ? (
          <p role="alert" id={errorId} className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : (
          <Notice success={saved} />
        )}
      </form>
      <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Revealing the server seed lets you check every roll made with it. A new seed, shown by its SHA-256, takes over at once, and the nonce starts again at 0.
        </p>
        <button type="button" className="btn-primary mt-3 aria-disabled:opacity-50" aria-disabled={busy || undefined} onClick={() => void rotate()}>
          Reveal the server seed and start a new one
        </button>
        <Notice error={rotateError} />
        <div aria-live="polite">{rotation && <Revealed {...rotation} />}</div>
      </div>
    </>
  );
}

function Revealed({ answer, shownHash }: { answer: Rotation; shownHash: string }) {
  const honest = revealsShownSeed(answer.revealedServerSeed, shownHash);
  return (
    <div className="mt-3 rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="revealed">
      <p>
        Revealed server seed: <code className="font-mono break-all">{answer.revealedServerSeed}</code>
      </p>
      <p className={`mt-1 font-semibold ${honest ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
        {honest ? 'Its SHA-256 is the fingerprint you were shown before: it is the seed your rolls used.' : 'Its SHA-256 is NOT the fingerprint you were shown before.'}
      </p>
    </div>
  );
}
