import { MSG } from '../../../game/messages';
import type { GuildPage as GuildPageData } from '../../../game/wire';
import { Button } from '../../components/forms';

/** Join, ask to join, a request waiting, or leave; a leader with members learns why they cannot leave yet. */
export function Membership({
  page,
  inOtherGuild,
  joining,
  onJoin,
  onLeave,
}: {
  page: GuildPageData;
  inOtherGuild: boolean;
  /** A join (or request to join) under way. */
  joining: boolean;
  onJoin: () => void;
  onLeave: () => void;
}) {
  const { guild, myRole, requested, members } = page;
  if (myRole === 'leader' && members.length > 1) {
    return (
      <p className="text-sm text-slate-100" data-testid="leader-cannot-leave">
        {MSG.leaderMustHandOver} To leave, first hand the lead to another member (“Hand over lead” beside them).
      </p>
    );
  }
  if (myRole) {
    return (
      <button type="button" className="btn-secondary" onClick={onLeave} aria-haspopup="dialog">
        Leave guild
      </button>
    );
  }
  if (requested) {
    return (
      <p className="text-sm font-semibold text-emerald-200" data-testid="request-sent">
        Request sent. The leader or an officer will answer it.
      </p>
    );
  }
  if (inOtherGuild) return <p className="text-sm text-slate-100">{MSG.alreadyInGuild} Leave it to join another.</p>;
  return (
    <Button className="btn-game" onClick={onJoin} disabled={joining}>
      {guild.open ? 'Join guild' : 'Ask to join'}
    </Button>
  );
}
