import { useEffect, useState } from 'react';
import { screenClassOf, type ScreenClass } from '@campus/sdk/screen';
import { RESIZE_THROTTLE_MS, throttle } from './throttle.ts';

/**
 * The window's width as CSS media queries read it (scrollbar included), so the screen class
 * and the stylesheets' breakpoints change at the same width.
 */
function widthNow(): number {
  return window.innerWidth;
}

/**
 * The screen class of spec §4 (pc above 1024 px, ipad above 400, mobile otherwise), following
 * window resizes at most every 50 ms (spec §9 resize throttle). The header folds its buttons
 * on it, the left layout falls back to the top bar, and the page root carries it.
 */
export function useScreen(): ScreenClass {
  const [screen, setScreen] = useState<ScreenClass>(() => screenClassOf(widthNow()));
  useEffect(() => {
    const update = throttle(() => setScreen(screenClassOf(widthNow())), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', update);
    // A resize between the first render and this effect would otherwise go unseen.
    update();
    return () => {
      window.removeEventListener('resize', update);
      update.cancel();
    };
  }, []);
  return screen;
}
