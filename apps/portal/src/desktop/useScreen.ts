import { useEffect, useState } from 'react';
import { screenClassOf, type ScreenClass } from '@campus/sdk/screen';
import { RESIZE_THROTTLE_MS, throttle } from './header-rules.ts';

function widthNow(): number {
  return document.documentElement.clientWidth || window.innerWidth;
}

/**
 * The screen class of spec §4 (pc above 1024 px, ipad above 400, mobile otherwise), following
 * window resizes at most every 50 ms (spec §9 header resize throttle). The header collapses its
 * buttons and the left layout falls back to the top bar on it.
 */
export function useScreen(): ScreenClass {
  const [screen, setScreen] = useState<ScreenClass>(() => screenClassOf(widthNow()));
  useEffect(() => {
    const resize = throttle(() => setScreen(screenClassOf(widthNow())), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', resize.run);
    return () => {
      window.removeEventListener('resize', resize.run);
      resize.cancel();
    };
  }, []);
  return screen;
}
