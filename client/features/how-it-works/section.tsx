/** The rules page's parts: a titled section, and a number the rules decide. */
import type { ReactNode } from 'react';
import { Panel } from '../../components/panel';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Panel id={id} title={title} className="space-y-3 p-4 text-sm text-slate-700 sm:p-6 dark:text-slate-300" titleClassName="text-slate-900 dark:text-slate-100">
      {children}
    </Panel>
  );
}

/** A number the rules decide, set in bold. */
export function Figure({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <strong className="font-bold text-slate-900 tabular-nums dark:text-slate-100" data-testid={testId}>
      {children}
    </strong>
  );
}
