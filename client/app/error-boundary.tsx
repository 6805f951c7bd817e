/**
 * Error boundaries (docs/decisions/021-client-by-feature.md): a screen that throws while rendering, or whose
 * code cannot be loaded even after the one reload (client/lib/lazy.ts), shows what happened in a player's
 * words and offers Reload, instead of unmounting the whole app. The route boundary sits inside the layout, so
 * the navigation still works, and resets when the player goes to another screen; the root boundary catches
 * what the layout itself throws.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SHELL_MSG } from '../../game/shell-messages';
import { ScreenHeading } from '../components/ui';

interface BoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
  /** When it changes, a shown failure is cleared and the children are tried again. */
  resetKey?: string;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; resetKey?: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const reload = () => window.location.reload();

function ScreenFailed() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center" data-testid="screen-failed">
      <ScreenHeading title={SHELL_MSG.screenFailedTitle} className="text-2xl font-bold" />
      <p className="mt-4 text-slate-600 dark:text-slate-300">{SHELL_MSG.screenFailedText}</p>
      <button type="button" className="btn-primary mt-8" onClick={reload}>
        {SHELL_MSG.reload}
      </button>
    </section>
  );
}

/** Around each screen: a failure shows inside the layout, and going elsewhere tries again. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<ScreenFailed />}>
      {children}
    </ErrorBoundary>
  );
}

/** Around the whole app, outside the router and the layout: plain markup only. */
export function RootBoundary({ children }: { children: ReactNode }) {
  const fallback = (
    <main className="mx-auto max-w-md px-4 py-16 text-center" data-testid="app-failed">
      {/* eslint-disable-next-line no-restricted-syntax -- outside the router, ScreenHeading cannot run */}
      <h1 className="text-2xl font-bold">{SHELL_MSG.appFailedTitle}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{SHELL_MSG.screenFailedText}</p>
      <button type="button" className="btn-primary mt-8" onClick={reload}>
        {SHELL_MSG.reload}
      </button>
    </main>
  );
  return <ErrorBoundary fallback={fallback}>{children}</ErrorBoundary>;
}
