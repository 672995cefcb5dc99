import { useSyncExternalStore } from 'react';

function subscribeFullscreen(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** The Fullscreen API behind the header's toggle (spec §2 full-screen button). */
export function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const supported = typeof document.documentElement.requestFullscreen === 'function';
  const toggle = () => {
    // A refused request (no user gesture, a sandboxed frame) leaves the page as it is.
    const request = isFullscreen()
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch(() => undefined);
  };
  return { supported, active, toggle };
}
