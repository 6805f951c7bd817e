/** The rating ladder: the best-rated players, the caller's own row highlighted when they are on it. */
import type { Opponent } from '../../../game/wire';
import { PlayerName } from '../../components/player-card';
import { NameCell, RankedTable } from '../../components/ranked-table';

export function Ladder({ ladder, me }: { ladder: readonly Opponent[]; me: string }) {
  return (
    <section aria-labelledby="ladder-title" className="panel overflow-hidden">
      <h2 id="ladder-title" className="panel-title px-4 pt-4 pb-2">
        Rating ladder
      </h2>
      <RankedTable
        caption="Best-rated players"
        dense
        rows={ladder.map((row, index) => ({ ...row, place: index + 1 }))}
        keyOf={(row) => row.username}
        isMine={(row) => row.username === me}
        testIds={{ row: 'ladder-row', mine: 'ladder-me' }}
        columns={[
          { header: '#', className: 'w-12 text-center tabular-nums', cell: (row) => row.place },
          { header: 'Player', className: '', flush: true, cell: (row) => <NameCell name={<PlayerName username={row.username} />} tag={row.guildTag} mine={row.username === me} /> },
          { header: 'Level', className: 'w-16 text-right tabular-nums', cell: (row) => row.level },
          { header: 'Rating', className: 'w-20 text-right tabular-nums', cell: (row) => row.rating },
        ]}
      />
    </section>
  );
}
