/**
 * Verifiable rolls (docs/design.md section 8.8): the player's seeds, a client seed of their own, revealing the
 * server seed, and every stored roll checked here in the browser with the server's own derivation
 * (./verdict.ts). `?roll=<id>` opens one roll (the log's and the fight replay's links) and checks it at once.
 */
import { useSearchParams } from 'react-router';
import { SHELL_MSG } from '../../../game/shell-messages';
import { Panel, ReadingPage } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { API } from '../../lib/api';
import { invalidate, setRead, useRead } from '../../lib/query';
import { fairnessApi } from './api';
import { RollCard } from './roll-card';
import { Seeds } from './seeds';

export function FairnessPage() {
  const [params] = useSearchParams();
  const opened = params.get('roll');
  const seeds = useRead(fairnessApi.seeds, 'could not read the seeds');
  const rolls = useRead(fairnessApi.rolls, 'could not read the rolls');

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
        <ReadState read={seeds} errorClassName="mt-2" loading={<Reading />}>
          {(current) => (
            <Seeds
              seeds={current}
              onChanged={(answer) => setRead(fairnessApi.seeds, answer)}
              // The revealed seed makes the rolls drawn with it checkable, the opened one too: all are read again.
              onRotated={() => void invalidate(API.fairness, API.fairRolls, API.fairRoll)}
            />
          )}
        </ReadState>
      </Panel>
      {opened && <OpenedRoll id={opened} />}
      <Panel id="rolls-title" title="Your rolls">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Your newest rolls{rolls.data ? `, kept ${rolls.data.keptDays} days` : ''}. A roll can be checked once its server seed is revealed.
        </p>
        <ReadState
          read={rolls}
          errorClassName="mt-2"
          loading={<Reading />}
          empty={{
            when: (data) => data.rolls.length === 0,
            show: <p className="mt-3 text-slate-600 dark:text-slate-300">No rolls yet: every scavenge and fight you start is listed here.</p>,
          }}
        >
          {(data) => (
            <ol className="mt-3 space-y-3" data-testid="rolls">
              {data.rolls.map((roll) => (
                <li key={roll.id}>
                  <RollCard roll={roll} />
                </li>
              ))}
            </ol>
          )}
        </ReadState>
      </Panel>
      <ByHand />
    </ReadingPage>
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

/** The roll a link opened: checked at once. */
function OpenedRoll({ id }: { id: string }) {
  const opened = useRead(fairnessApi.roll(id), 'could not read the roll');
  return (
    <Panel id="opened-title" title="The roll you opened">
      <ReadState read={opened} errorClassName="mt-2" loading={<Reading />}>
        {({ roll }) =>
          roll === null ? (
            <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="roll-not-stored">
              This roll is not stored, so it cannot be checked. Rolls are kept for 30 days; fights from before rolls were verifiable were drawn another way; and a
              fight is checked by its attacker, from the attacker’s seeds.
            </p>
          ) : (
            <div className="mt-3">
              {/* Checked when shown: a new card once its seed is revealed, so the check runs then. */}
              <RollCard key={roll.revealedServerSeed ?? 'sealed'} roll={roll} checkAtOnce />
            </div>
          )
        }
      </ReadState>
    </Panel>
  );
}

/** How a roll is drawn, for a player who checks it with tools of their own. */
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
