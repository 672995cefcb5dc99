import { App } from 'antd';
import { useEffect } from 'react';
import {
  shouldWarnZoom,
  ZOOM_WARNING_MS,
  zoomHandlerEnabled,
  zoomPercent,
  zoomWarningMessage,
} from '@campus/sdk/zoom';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { RESIZE_THROTTLE_MS, throttle } from './throttle.ts';

/**
 * The browser zoom warning on the desktop, a non-content page (spec §2 Pages, §8, §9: outside
 * 80 to 120 %, suggests 100 % and Ctrl+0, 5 s), as sub-apps show it: checked at start and on
 * every resize (zooming resizes the viewport; spec §9 throttle 50 ms), once per zoom level. Not on phones (spec §4:
 * no zoom handler on mobile), where pinch zoom is how pages are read.
 */
export function ZoomWarning({ mobile }: { mobile: boolean }) {
  const { notification } = App.useApp();
  const { lang } = useTranslation();
  useEffect(() => {
    if (!zoomHandlerEnabled({ mobile, development: import.meta.env.DEV })) return;
    let lastWarned: number | null = null;
    const check = () => {
      const percent = zoomPercent({ devicePixelRatio: window.devicePixelRatio });
      if (percent === null || !shouldWarnZoom(percent)) {
        lastWarned = null;
        return;
      }
      if (percent === lastWarned) return;
      lastWarned = percent;
      notification.warning({
        key: 'zoom-warning',
        title: zoomWarningMessage(percent, lang),
        duration: ZOOM_WARNING_MS / 1000,
        props: { 'data-testid': 'desktop.zoomWarning' },
      });
    };
    const onResize = throttle(check, RESIZE_THROTTLE_MS);
    check();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [notification, lang, mobile]);
  return null;
}
