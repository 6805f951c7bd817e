/**
 * The notice badge's count (docs/design.md section 8.7): what happened while the player was away and they have
 * not opened yet. Read once when the bars first show, again when the game comes back on screen and when a push
 * arrives while it is on screen (the service worker hands it to the page: client/sw/sw.ts).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isGamePath, type PageMessage } from '../../sw/messages';
import { toast } from '../../lib/toasts';
import { invalidate, useRead } from '../../lib/query';
import { API } from '../../lib/api';
import { notificationsApi } from './api';

/** The unseen count; read again when the game comes back on screen. A failed read shows no badge (it is a hint). */
export function useUnseenNotices(): number {
  return useRead(notificationsApi.list, 'could not read the notices', { refetchOnWindowFocus: true }).data?.unseen ?? 0;
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
        void invalidate(API.notices);
      } else if (message.type === 'open' && isGamePath(message.url)) {
        void navigate(message.url);
      }
    };
    navigator.serviceWorker.addEventListener('message', heard);
    return () => navigator.serviceWorker.removeEventListener('message', heard);
  }, [navigate]);
}
