/**
 * Verifiable rolls (docs/design.md section 8.8): the player's seeds, a client seed of their own, revealing the
 * server seed, and every stored roll checked here in the browser with the server's own derivation
 * (./verdict.ts). `?roll=<id>` opens one roll (the log's and the fight replay's links) and checks it at once.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CLIENT_SEED_PATTERN } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { SHELL_MSG } from '../../../game/shell-messages';
import { catalogueById } from '../../../game/rules/catalogue';
import type { StoredOutcome } from '../../../game/rules/fair';
import type { FairRoll, Fairness, Rotation } from '../../../game/wire';
import { Panel, ReadingPage } from '../../components/panel';
import { Notice } from '../../components/ui';
import { ApiError, messageOf } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { fairnessApi } from './api';
import { revealsShownSeed, verdictOf, type Verdict } from './verdict';

const when = (time: number) => new Date(time).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function FairnessPage() {
  const [params] = useSearchParams();
  const opened = params.get('roll');
  const seeds = useLoad(() => fairnessApi.seeds(), [], 'could not read the seeds');
  const rolls = useLoad(() => fairnessApi.rolls(), [], 'could not read the rolls');
  const [seedsShown, setSeedsShown] = useState<Fairness | null>(null);
  // Counts rotations: the opened roll is read (and checked) again once its seed may have been revealed.
  const [rotations, setRotations] = useState(0);
  const current = seedsShown ?? seeds.data;

  return (
    <ReadingPage
      title="Fairness"
      intro={
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Every scavenge and every fight you start draws its numbers from your seeds. You see the server seed’s fingerprint before it is used, so the
          server cannot change it afterwards; reveal it and this page checks each of your rolls, in your browser.
        </p>
      }
    >
      <Panel id="seeds-title" title="Your seeds">
        {seeds.error ? (
          <ReadFailed error={seeds.error} />
        ) : !current ? (
          <Reading />
        ) : (
          <Seeds
            seeds={current}
            onChanged={setSeedsShown}
            onRotated={() => {
              seeds.reload();
              setSeedsShown(null);
              rolls.reload();
              setRotations((n) => n + 1);
            }}
          />
        )}
      </Panel>
      {opened && <OpenedRoll key={rotations} id={opened} />}
      <Panel id="rolls-title" title="Your rolls">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Your newest rolls{rolls.data ? `, kept ${rolls.data.keptDays} days` : ''}. A roll can be checked once its server seed is revealed.
        </p>
        {rolls.error ? (
          <ReadFailed error={rolls.error} />
        ) : !rolls.data ? (
          <Reading />
        ) : rolls.data.rolls.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-300">No rolls yet: every scavenge and fight you start is listed here.</p>
        ) : (
          <ol className="mt-3 space-y-3" data-testid="rolls">
            {rolls.data.rolls.map((roll) => (
              <li key={roll.id}>
                <RollCard roll={roll} />
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <ByHand />
    </ReadingPage>
  );
}

/** A panel's read that failed, with the server's words. */
function ReadFailed({ error }: { error: string }) {
  return (
    <p role="alert" className="mt-2 text-red-600 dark:text-red-400">
      Error: {error}
    </p>
  );
}

/** A panel's read under way. */
function Reading() {
  return (
    <p role="status" className="mt-2 text-slate-500 dark:text-slate-400">
      {SHELL_MSG.loading}
    </p>
  );
}

function Seeds({ seeds, onChanged, onRotated }: { seeds: Fairness; onChanged: (seeds: Fairness) => void; onRotated: () => void }) {
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

/** The roll a link opened: checked at once. */
function OpenedRoll({ id }: { id: string }) {
  const { data: roll, error, loading } = useLoad(
    () => fairnessApi.roll(id).catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? null : Promise.reject(e))),
    [id],
    'could not read the roll',
  );
  return (
    <Panel id="opened-title" title="The roll you opened">
      {error ? (
        <ReadFailed error={error} />
      ) : loading ? (
        <Reading />
      ) : roll === null ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="roll-not-stored">
          This roll is not stored, so it cannot be checked. Rolls are kept for 30 days; fights from before rolls were verifiable were drawn another way; and a
          fight is checked by its attacker, from the attacker’s seeds.
        </p>
      ) : (
        <div className="mt-3">
          <RollCard roll={roll} checkAtOnce />
        </div>
      )}
    </Panel>
  );
}

function RollCard({ roll, checkAtOnce = false }: { roll: FairRoll; checkAtOnce?: boolean }) {
  const [checked, setChecked] = useState<Verdict | null>(() => (checkAtOnce ? verdictOf(roll) : null));
  const sealed = roll.revealedServerSeed === null;
  const label = roll.outcome.kind === 'scavenge' ? 'Scavenge' : 'Fight';
  return (
    <article aria-label={`${label}, nonce ${roll.nonce}`} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-700" data-testid="roll">
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-bold">{label}</span>
        <span className="text-slate-600 dark:text-slate-400">nonce {roll.nonce}</span>
        <time className="text-slate-600 dark:text-slate-400" dateTime={new Date(roll.createdAt).toISOString()}>
          {when(roll.createdAt)}
        </time>
      </p>
      <OutcomeText outcome={roll.outcome} />
      {sealed ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Not checkable yet: its server seed is still in use. Reveal it above to check this roll.</p>
      ) : (
        !checkAtOnce && (
          <button type="button" className="btn-secondary mt-2" onClick={() => setChecked(verdictOf(roll))}>
            Check this roll
          </button>
        )
      )}
      <div role="status">{checked && <VerdictText verdict={checked} />}</div>
    </article>
  );
}

function VerdictText({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'verified':
      return (
        <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-testid="verdict">
          Verified: the revealed seed gives exactly this outcome.
        </p>
      );
    case 'mismatch':
      return (
        <div className="mt-2 text-sm" data-testid="verdict">
          <p className="font-semibold text-red-700 dark:text-red-300">Does not match. {verdict.reason}</p>
          <p className="mt-1">The revealed seed gives:</p>
          <OutcomeText outcome={verdict.recomputed} />
        </div>
      );
    case 'sealed':
      return <p className="mt-2 text-sm">Not checkable yet: its server seed is still in use.</p>;
    case 'other-rules':
      return (
        <p className="mt-2 text-sm" data-testid="verdict">
          This roll was made under loot tables or fight rules this page no longer has, so it cannot be checked here.
        </p>
      );
  }
}

function OutcomeText({ outcome }: { outcome: StoredOutcome }) {
  if (outcome.kind === 'scavenge') {
    return (
      <p className="mt-1 text-sm" data-testid="outcome">
        {outcome.finds.map((find) => `${catalogueById(find.catalogId)?.name ?? find.catalogId} (quality ${find.quality})`).join(', ')}
      </p>
    );
  }
  const { attacker, defender, result } = outcome;
  return (
    <p className="mt-1 text-sm" data-testid="outcome">
      Attack {attacker.attack} and defense {attacker.defense} against attack {defender.attack} and defense {defender.defense}: the {result.winner} won after{' '}
      {result.rounds.length} strikes ({result.rounds.map((round) => round.damage).join(', ')} damage).
    </p>
  );
}

function ByHand() {
  return (
    <Panel id="by-hand-title" title="Check it yourself">
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>The server seed is 64 hex characters; its fingerprint is SHA-256 of that text.</li>
        <li>
          Draw number <em>i</em> of a roll is the first 4 bytes, read as a big-endian number, of HMAC-SHA256 with the server seed as key and{' '}
          <code className="font-mono">client seed:nonce:i</code> as message.
        </li>
        <li>
          A number below <em>n</em> is the draw modulo <em>n</em>, drawing again when the draw falls in the last, incomplete block of 2³², so no number is favoured.
        </li>
        <li>A scavenge draws, for each of its 6 finds, a rarity, an item of that rarity and a quality, from the tables on the Odds page.</li>
        <li>A fight draws 10 strikes, each from 0.5 to 1.5 in steps of 0.001, whether or not the fight lasts that long.</li>
      </ol>
    </Panel>
  );
}
