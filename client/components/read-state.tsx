/**
 * What a read shows until it has something to show (docs/spec.md section 8): 'Loading...' while it reads, its
 * failure in the spec's words ('Error: …', or a screen's own prefix such as 'Error fetching user data: '), and
 * a screen's empty state. One component, so every screen says these things the same way.
 */
import type { ReactNode } from 'react';
import type { Loaded } from '../lib/query';
import { SHELL_MSG } from '../../game/shell-messages';
import { Loading } from './ui';

interface ReadStateProps<T> {
  read: Pick<Loaded<T>, 'data' | 'error'>;
  children: (data: T) => ReactNode;
  /** Put before the server's message; `''` shows the message alone (it already says what happened). */
  errorPrefix?: string;
  /** The failure's paragraph: its spacing where the screen shows it. */
  errorClassName?: string;
  errorTestId?: string;
  /** What to show instead of `children` when the answer has nothing in it. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  /** Shown while reading instead of the full-width 'Loading...'. */
  loading?: ReactNode;
  /** A compact 'Loading...' line inside a panel instead of the full-width one: its spacing there. */
  loadingClassName?: string;
}

export function ReadState<T>({ read, children, errorPrefix = 'Error: ', errorClassName = 'mt-3', errorTestId, empty, loading, loadingClassName }: ReadStateProps<T>) {
  if (read.error !== null) {
    return (
      <p role="alert" className={`${errorClassName} font-medium text-red-700 dark:text-red-300`} data-testid={errorTestId}>
        {errorPrefix}
        {read.error}
      </p>
    );
  }
  if (read.data === null) {
    if (loading) return loading;
    if (loadingClassName === undefined) return <Loading />;
    return (
      <p role="status" className={`${loadingClassName} text-slate-600 dark:text-slate-400`.trim()}>
        {SHELL_MSG.loading}
      </p>
    );
  }
  if (empty?.when(read.data)) return empty.show;
  return children(read.data);
}
