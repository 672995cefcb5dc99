import { useEffect, useState } from 'react';
import { screenClassOf, type ScreenClass } from '@campus/sdk/screen';
import { throttle } from './throttle.ts';

/** Spec §9: resize handling is throttled to 50 ms. */
export const RESIZE_THROTTLE_MS = 50;

/**
 * The screen class of spec §4 (pc above 1024 px, ipad above 400, mobile otherwise) from
 * `window.innerWidth`, following resizes at most every 50 ms.
 */
export function useScreenClass(): ScreenClass {
  const [screen, setScreen] = useState<ScreenClass>(() => screenClassOf(window.innerWidth));
  useEffect(() => {
    const update = throttle(() => setScreen(screenClassOf(window.innerWidth)), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', update);
    update();
    return () => {
      window.removeEventListener('resize', update);
      update.cancel();
    };
  }, []);
  return screen;
}
