import { useEffect, useState } from 'react';
import { SCAVENGE_DOTS_MS } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { ShovelIcon } from '../../components/glyphs';

/** Spec: a spinner with 'Scavenging for loot' and dots that grow every 500 ms. */
export function Searching() {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setDots((shown) => (shown + 1) % 4), SCAVENGE_DOTS_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section className="panel flex min-h-72 flex-col items-center justify-center gap-4 p-6" data-testid="scavenging">
      <span aria-hidden="true" className="relative flex h-16 w-16 items-center justify-center">
        <span className="absolute inset-0 rounded-full border-4 border-amber-200 border-t-amber-600 motion-safe:animate-spin dark:border-slate-700 dark:border-t-amber-400" />
        <span className="text-amber-700 motion-safe:animate-bounce dark:text-amber-300">
          <ShovelIcon />
        </span>
      </span>
      {/* Said by the screen's status line, which is always in the page: a region inserted filled is often skipped. */}
      <p className="text-lg font-bold">
        {MSG.scavenging}
        <span aria-hidden="true" className="inline-block w-6 text-left" data-testid="scavenging-dots">
          {'.'.repeat(dots)}
        </span>
      </p>
    </section>
  );
}
