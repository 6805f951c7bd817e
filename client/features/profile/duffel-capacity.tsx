/** The duffel bag's capacity, used/size, as text and a bar; a full bag is not an error, so it says 'full' in a neutral tone. */
export function DuffelCapacity({ used, size }: { used: number; size: number }) {
  const full = size > 0 && used >= size;
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="bar h-2 w-20">
        <span className={`bar-fill ${full ? 'bg-slate-500 dark:bg-slate-400' : 'bg-sky-500'}`} style={{ width: size ? `${(used / size) * 100}%` : '0%' }} />
      </span>
      <span className="text-sm font-semibold tabular-nums text-slate-600 dark:text-slate-300">
        <span className="sr-only">Capacity </span>
        <span data-testid="duffel-capacity">
          {used}/{size}
        </span>
        {full && (
          <span className="ml-1.5 chip" data-testid="duffel-full">
            full
          </span>
        )}
      </span>
    </span>
  );
}
