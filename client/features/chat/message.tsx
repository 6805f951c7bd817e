/** One chat message, as every room shows it, and the admin's way to delete one (docs/design.md sections 7.2, 7.5). */
import { useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../../game/chat-protocol';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { PlayerName } from '../../components/player-card';
import { useIntent } from '../../lib/use-intent';
import { chatApi } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (timestamp: number) => {
  const date = new Date(timestamp);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message naming the player as a whole word mentions them (docs/spec.md section 9), and is highlighted. */
export const mentionPatternFor = (username: string) => new RegExp(`\\b${escapeRegExp(username)}\\b`, 'i');

/** The reader's own messages sit on their own tint with "(you)", so a player finds what they said at a glance. */
export function Message({
  message,
  own,
  mentioned,
  onDelete,
}: {
  message: ChatMessage;
  own: boolean;
  mentioned: boolean;
  onDelete?: (message: ChatMessage) => void;
}) {
  const tint = mentioned ? 'bg-amber-100 ring-1 ring-amber-400 dark:bg-amber-900/40' : own ? 'bg-sky-100 dark:bg-sky-900/40' : '';
  return (
    <li data-testid="chat-message" data-id={message.id} data-mention={mentioned || undefined} data-own={own || undefined} className={`rounded-lg px-3 py-2 ${tint}`}>
      <div className="flex items-baseline gap-2">
        <span className="flex min-w-0 items-center font-semibold text-amber-800 dark:text-amber-300">
          <PlayerName username={message.username} className="-my-2.5" />
          {own && <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-300">(you)</span>}
        </span>
        {message.guildTag && (
          <span data-testid="guild-tag" className="text-xs font-bold text-emerald-800 dark:text-emerald-300">
            [{message.guildTag}]
          </span>
        )}
        <time className="text-xs text-slate-600 dark:text-slate-400" dateTime={new Date(message.timestamp).toISOString()}>
          {clock(message.timestamp)}
        </time>
        {onDelete && (
          <button type="button" className="btn-secondary ml-auto self-center px-3 text-sm text-red-700 dark:text-red-300" aria-haspopup="dialog" onClick={() => onDelete(message)}>
            <span>
              Delete<span className="sr-only"> message from {message.username}</span>
            </span>
          </button>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words">{message.text}</p>
    </li>
  );
}

/**
 * The admin's Delete (null for everyone else): the message to ask about, its confirmation and the server's
 * refusal. The room's `delete` frame removes the message from this screen as from every other.
 */
export function useMessageDeletion(isAdmin: boolean, guildId?: string): { onDelete?: (message: ChatMessage) => void; dialogs: ReactNode } {
  const [asking, setAsking] = useState<ChatMessage | null>(null);
  const intent = useIntent<'delete'>();
  const remove = async (message: ChatMessage) => {
    await intent.run('delete', async () => {
      await chatApi.deleteMessage(message.id, guildId);
    });
    setAsking(null);
  };
  return {
    onDelete: isAdmin ? setAsking : undefined,
    dialogs: (
      <>
        {asking && (
          <ConfirmDialog question={`Delete this message from ${asking.username}?`} confirmLabel="Delete" busy={intent.busy()} onConfirm={() => void remove(asking)} onCancel={() => setAsking(null)}>
            <blockquote className="break-words rounded-lg bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap dark:bg-slate-800">{asking.text}</blockquote>
          </ConfirmDialog>
        )}
        {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
      </>
    ),
  };
}
