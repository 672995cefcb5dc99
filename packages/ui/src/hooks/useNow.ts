import { useEffect, useState } from 'react';

/** How often relative times ("5 minutes ago", spec §9) are brought up to date. */
const NOW_REFRESH_MS = 60_000;

/**
 * The current time in ms, read when the component mounts and then once a minute, so render
 * stays pure and relative times do not go stale on a desktop left open all day.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
