/**
 * A value that follows `value` at most once per `intervalMs`: the first change shows at once, later
 * ones within the interval are held and the latest shows when it ends. For the live region, so a
 * busy fleet is announced as its totals every few seconds, never once per event.
 */
import { useEffect, useRef, useState } from 'react';

export function useSettled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = lastShownAt.current + intervalMs - Date.now();
    const show = () => {
      lastShownAt.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
