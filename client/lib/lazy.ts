/**
 * The one way the client loads code on demand (an ESLint rule refuses React's `lazy` elsewhere). After a
 * deploy, a tab opened before it asks for chunks whose hashed names are gone: the import fails. The page then
 * reloads once, which fetches the new build; an import that fails again soon after that reload goes to the
 * nearest error boundary (client/app/error-boundary.tsx), which offers Reload. "Soon" is a window, not a flag
 * cleared on the next failure: a screen that imports several missing chunks must not reload in a loop.
 */
import { lazy as reactLazy, type ComponentType } from 'react';

const RELOADED_AT_KEY = 'scavenger.reloadedForMissingCodeAt';
/** A failure this soon after our own reload is not a stale tab: reloading again would not help. */
const RELOAD_WINDOW_MS = 30_000;

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(at) && Date.now() - at < RELOAD_WINDOW_MS;
  } catch {
    // Storage refused: never reload by ourselves; the boundary offers it.
    return true;
  }
}

/** `load`, reloading the page once when it fails (see above). */
export function loadOrReloadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadedRecently()) throw error;
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      window.location.reload();
      // The reload replaces the page; until then the screen keeps its loading state.
      return new Promise<T>(() => undefined);
    });
}

// React's own bound for what `lazy` may load: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A component loaded on demand: its module's default export. */
export function lazy<C extends AnyComponent>(load: () => Promise<{ default: C }>) {
  return reactLazy(loadOrReloadOnce(load));
}

/** A component loaded on demand: the named export `name` of its module. */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return reactLazy(loadOrReloadOnce(() => load().then((module) => ({ default: module[name] }))));
}
