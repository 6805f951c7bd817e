/**
 * Sparring on the arena's screen (docs/design.md section 10.2): the scrap-built dummy the player would face now (it
 * follows their own fight power), what a win pays, and Spar. Nobody loses to a spar, and it ends no protection: the
 * first thing a protected newcomer can do in the arena. The spar's answer is a fight: the arena plays it back.
 */
import { MSG } from '../../../game/messages';
import { energyAt } from '../../../game/rules/energy';
import type { Fight } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { ReadState } from '../../components/read-state';
import { timeLeft } from '../../components/time-left';
import { Button } from '../../components/forms';
import { useNow } from '../../components/use-now';
import { API } from '../../lib/api';
import { usePlayer } from '../../lib/player';
import { invalidate, useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { sparringApi } from './api';

export function SparringPanel({ onSparred }: { onSparred: (fight: Fight) => void }) {
  const { uid } = useSignedInPlayer();
  const { profile, receivedAt } = usePlayer(uid);
  const sparring = useRead(sparringApi.sparring, 'could not read sparring');
  const intent = useIntent<'spar'>();
  const now = useNow(1000);

  const spar = () =>
    intent.run('spar', async () => {
      // The answer's profile reaches the player's cache through the intent listener (client/lib/player.ts).
      const result = await sparringApi.spar();
      onSparred(result.fight);
      // A level reached changes what the next win pays; the dummy follows the player's power.
      void invalidate(API.sparring);
    });

  return (
    <section aria-labelledby="sparring-title" className="panel p-4" data-testid="sparring">
      <h2 id="sparring-title" className="panel-title">
        Sparring
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A scrap-built dummy as strong as you, nearly: nobody loses gold to a spar, it moves no rating, and it keeps your new-player protection. A win counts
        for the fight contract.
      </p>
      <ReadState read={sparring} loadingClassName="mt-3">
        {(view) => {
          const short = profile && profile.energy < view.energy ? energyAt(profile.energy, profile.secondsToNextEnergy, receivedAt, view.energy) - now : null;
          return (
            <>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-center" data-testid="dummy">
                <Figure label="Dummy's attack" value={view.dummy.attack} />
                <Figure label="Dummy's defense" value={view.dummy.defense} />
                <Figure label="Dummy's power" value={view.dummy.power} testId="dummy-power" />
              </dl>
              <p className="mt-3 text-sm" data-testid="sparring-pays">
                A win pays <strong>{view.pays.xp} XP</strong> and <strong>{view.pays.gold} gold</strong> (new gold, taken from no one); a loss, nothing.
              </p>
              {short !== null && (
                <p className="mt-2 text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="spar-blocked">
                  A spar takes {view.energy} energy and you have {profile?.energy}: enough in {timeLeft(short)}.
                </p>
              )}
              <Button
                className="btn-game mt-3"
                aria-disabled={short !== null || intent.busy('spar') || undefined}
                onClick={() => (short !== null ? intent.refuse(MSG.notEnoughEnergy) : void spar())}
              >
                Spar ({view.energy} energy)
              </Button>
            </>
          );
        }}
      </ReadState>
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
