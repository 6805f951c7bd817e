/**
 * A bar stuck to the bottom of the screen covers what scrolls under it. While the bar this ref is given to
 * shows, its height is every other element's scroll margin (--bottom-bar in styles.css), so a control that takes
 * the keyboard's focus is scrolled above the bar, never under it. The bar carries `data-bottom-bar`.
 */
import { useCallback } from 'react';

export function useBottomBar() {
  return useCallback((bar: HTMLElement | null) => {
    if (!bar) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--bottom-bar', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar');
    };
  }, []);
}
