/**
 * The notice badge's count (docs/design.md section 8.7): what happened while the player was away and they have
 * not opened yet. Read once when the bars first show, again when the game comes back on screen and when a push
 * arrives while it is on screen (the service worker hands it to the page: client/sw/sw.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { isGamePath, type PageMessage } from '../../sw/messages';
import { toast } from '../../components/toasts';
import { notificationsApi } from './api';

let unseen = 0;
let started = false;
const listeners = new Set<() => void>();

function set(next: number) {
  unseen = next;
  for (const listener of listeners) listener();
}

/** Reads the count again; a failed read keeps what is shown (the badge is a hint, the screen says more). */
export function refreshUnseen(): void {
  notificationsApi.list().then(
    (notices) => set(notices.unseen),
    (error: unknown) => console.warn('could not read the notices', error),
  );
}

/** The notices screen has shown them all. */
export function clearUnseen(): void {
  set(0);
}

function start() {
  if (started) return;
  started = true;
  refreshUnseen();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshUnseen();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
};

export function useUnseenNotices(): number {
  return useSyncExternalStore(subscribe, () => unseen);
}

/**
 * What the service worker tells this page: a push that came while the game was on screen shows as a toast and
 * in the badge; a tapped notification opens its screen here. Rendered once, with the player's bars.
 */
export function useServiceWorkerMessages(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const heard = (event: MessageEvent<PageMessage>) => {
      const message = event.data;
      if (message.type === 'notice') {
        toast(message.notice.body);
        refreshUnseen();
      } else if (message.type === 'open' && isGamePath(message.url)) {
        void navigate(message.url);
      }
    };
    navigator.serviceWorker.addEventListener('message', heard);
    return () => navigator.serviceWorker.removeEventListener('message', heard);
  }, [navigate]);
}
