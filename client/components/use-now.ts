import { useEffect, useState } from 'react';

/** Date.now(), re-read every `intervalMs` while the component is mounted: drives countdowns and research bars. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
