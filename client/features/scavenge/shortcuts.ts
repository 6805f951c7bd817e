/**
 * The scavenge screen's keys (docs/design.md section 10.3): `s` scavenges, `b` takes best, `r` keeps for research.
 * They act only while the focus is inside the screen's own region and not in a field that takes typing (WCAG
 * 2.1.4: a single-key shortcut is active only while its part of the page has the focus), never with a modifier
 * held or while a dialog is open. A key presses the button that announces it (`aria-keyshortcuts`), so it does
 * what a click does, a blocked button's popup included.
 */
import { useEffect, type RefObject } from 'react';

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function onScavengeKey(event: KeyboardEvent, region: HTMLElement, dialogOpen: boolean) {
  if (dialogOpen || event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (!['s', 'b', 'r'].includes(key)) return;
  const target = event.target as HTMLElement;
  if (target.closest(TYPING) || target.closest('[role="dialog"], [role="alertdialog"]')) return;
  const button = region.querySelector<HTMLButtonElement>(`button[aria-keyshortcuts="${key}"]`);
  if (!button) return;
  event.preventDefault();
  button.click();
}

/**
 * Listens on the page's main region holding `screen` (the `<main>` "Skip to main content" focuses, so a keyboard
 * player starts there), or on the screen itself outside one.
 */
export function useScavengeKeys(screen: RefObject<HTMLElement | null>, dialogOpen: boolean, shown: boolean) {
  useEffect(() => {
    const region = screen.current?.closest<HTMLElement>('main') ?? screen.current;
    if (!region) return;
    const listener = (event: KeyboardEvent) => onScavengeKey(event, region, dialogOpen);
    region.addEventListener('keydown', listener);
    return () => region.removeEventListener('keydown', listener);
    // `shown`: the screen's element exists once its profile is read.
  }, [screen, dialogOpen, shown]);
}

/** The Scavenge button, where the focus goes once a one-tap step is done: the next thing to do. */
export const scavengeButtonIn = (region: HTMLElement | null) => region?.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="s"]') ?? null;
