/**
 * /shop, the gold shop (docs/design.md section 9.3): an energy refill, the first of a UTC day for
 * REFILL_FIRST_GOLD and each next one that day for twice the one before, and the research bench. The
 * what-cash-buys dialog and the More sheet link here.
 */
import { ScreenHeading } from '../../components/ui';
import { BenchPanel } from './bench-panel';
import { RefillPanel } from './refill-panel';

export function ShopPage() {
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <section aria-labelledby="shop-title">
        <ScreenHeading id="shop-title" title="Gold shop" className="text-3xl font-black tracking-tight" />
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Gold from salvage and the market buys your energy back when you want to keep scavenging, and research beyond your slots.</p>
      </section>
      <RefillPanel />
      <BenchPanel />
    </div>
  );
}
