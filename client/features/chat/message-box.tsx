import { useId, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '../../../game/constants';
import type { ChatConnection } from './connection';
import type { ChatSnapshot } from './history';
import { Button } from '../../components/forms';

/**
 * The message box of a room (the lobby's chat page, a guild's panel): what the player types is sent on submit
 * and cleared; a message the room refuses (too fast, too long, muted) comes back into the box if it is still
 * empty, beside the room's reason, so nothing the player wrote is lost.
 */
export function MessageBox({ connection, chat, placeholder, className = '' }: { connection: ChatConnection | null; chat: ChatSnapshot; placeholder: string; className?: string }) {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  // Adjusting state to a changed input during render (not in an effect), as React recommends.
  const [handled, setHandled] = useState(chat.refused);
  if (chat.refused !== handled) {
    setHandled(chat.refused);
    if (chat.refused && draft === '') setDraft(chat.refused.text);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connection?.send(draft)) setDraft('');
  };
  return (
    <form onSubmit={submit} className={`flex gap-2 ${className}`}>
      <label className="sr-only" htmlFor={inputId}>
        Message
      </label>
      <input
        id={inputId}
        className="input"
        value={draft}
        maxLength={CHAT_MESSAGE_MAX}
        autoComplete="off"
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" className="btn-primary" disabled={chat.status !== 'open'}>
        Send
      </Button>
    </form>
  );
}
