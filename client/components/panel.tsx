/** A screen's panels and the reading pages' layout. */
import type { ReactNode } from 'react';
import { ScreenHeading } from './ui';

/** A titled panel: a section named by its heading. `className` is the section's padding and anything more. */
export function Panel({ id, title, className = 'p-4', titleClassName, children }: { id: string; title: ReactNode; className?: string; titleClassName?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`panel ${className}`}>
      <h2 id={id} className={titleClassName ? `panel-title ${titleClassName}` : 'panel-title'}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A page to read (the odds, the rules, the credits): one column, the title and its introduction on top. */
export function ReadingPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6 sm:px-6">
      <div>
        <ScreenHeading title={title} className="text-3xl font-black tracking-tight" />
        {intro}
      </div>
      {children}
    </div>
  );
}
