import { useEffect, useState } from 'react';

/** This phone's clock, read again every `everyMs`: the ages on screen ("hace 3 min") move on without anything else changing. */
export function useClock(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
