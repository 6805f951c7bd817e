/** What a guild's page asks before leaving, removing a member or handing over the lead: none can be taken back there. */
import { ConfirmDialog } from '../../components/dialog';

export type Confirm = { kind: 'leave' } | { kind: 'kick'; username: string } | { kind: 'lead'; username: string };

export function Confirmation({
  confirm,
  guildName,
  alone,
  busy,
  onConfirm,
  onCancel,
}: {
  confirm: Confirm;
  guildName: string;
  alone: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const common = { busy, onConfirm, onCancel };
  if (confirm.kind === 'leave') {
    return (
      <ConfirmDialog question={`Leave ${guildName}?`} confirmLabel="Leave" {...common}>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {alone ? 'You are its last member: the guild will be disbanded.' : 'To come back, you will have to join again.'}
        </p>
      </ConfirmDialog>
    );
  }
  if (confirm.kind === 'kick') {
    return (
      <ConfirmDialog question={`Kick ${confirm.username} from ${guildName}?`} confirmLabel={`Kick ${confirm.username}`} {...common}>
        <p className="text-sm text-slate-600 dark:text-slate-300">They leave the guild and its chat at once.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog question={`Make ${confirm.username} the leader of ${guildName}?`} confirmLabel="Hand over" {...common}>
      <p className="text-sm text-slate-600 dark:text-slate-300">You become an officer, and only the new leader can change roles.</p>
    </ConfirmDialog>
  );
}
