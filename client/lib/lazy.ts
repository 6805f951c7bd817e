/**
 * The one way the client loads code on demand (an ESLint rule refuses React's `lazy` elsewhere). After a
 * deploy, a tab opened before it asks for chunks whose hashed names are gone: the import fails. The page then
 * reloads once, which fetches the new build; if the import fails again right after that reload, the error goes
 * to the nearest error boundary (client/app/error-boundary.tsx), which offers Reload.
 */
import { lazy as reactLazy, type ComponentType } from 'react';

const RELOADED_KEY = 'scavenger.reloadedForMissingCode';

function reloadedAlready(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return true;
  }
}

function markReloaded(reloaded: boolean) {
  try {
    if (reloaded) sessionStorage.setItem(RELOADED_KEY, '1');
    else sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Storage refused: never reload by ourselves (reloadedAlready says true), the boundary offers it.
  }
}

/** `load`, reloading the page once when it fails; a success clears the mark, so a later deploy reloads again. */
export function loadOrReloadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().then(
      (module) => {
        markReloaded(false);
        return module;
      },
      (error: unknown) => {
        if (reloadedAlready()) {
          markReloaded(false);
          throw error;
        }
        markReloaded(true);
        window.location.reload();
        // The reload replaces the page; until then the screen keeps its loading state.
        return new Promise<T>(() => undefined);
      },
    );
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
