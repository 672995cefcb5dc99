/**
 * One line of text that scrolls sideways when it does not fit (spec §9: 2 px every 83 ms), as
 * the desktop's notice bar does. It pauses under the pointer and while focused, and stays still
 * for readers who ask the system for reduced motion.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import './desktop-kit.css';

/** Spec §9: each step moves the text this many px. */
export const MARQUEE_STEP_PX = 2;
/** Spec §9: one step every 83 ms (about 24 px a second). */
export const MARQUEE_INTERVAL_MS = 83;
/** The space between the end of the text and its next pass. */
export const MARQUEE_GAP_PX = 48;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(REDUCED_MOTION).matches;
}

/** Whether the system asks for reduced motion; follows changes to that setting. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/** Props of {@link TextMarquee}. */
export interface TextMarqueeProps {
  /** The text; shown whole (and still) when it fits. */
  text: string;
  /** Px per step; default 2 (spec §9). */
  step?: number;
  /** Ms between steps; default 83 (spec §9). */
  interval?: number;
  className?: string;
  /** Prefix of the test ids (`{testId}`, `{testId}.track`). */
  testId?: string;
}

/**
 * Scrolling text for a line too narrow for it.
 *
 * @example
 * <TextMarquee text={notice.title} testId="desktop.noticeBar" />
 */
export function TextMarquee({
  text,
  step = MARQUEE_STEP_PX,
  interval = MARQUEE_INTERVAL_MS,
  className,
  testId = 'marquee',
}: TextMarqueeProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hovered = useRef(false);
  const focused = useRef(false);
  const moving = overflowing && !reducedMotion;

  const measure = useCallback(() => {
    const root = rootRef.current;
    const first = textRef.current;
    if (root && first) setOverflowing(first.scrollWidth > root.clientWidth);
  }, []);

  // Measured before paint, and again whenever the box or the text changes size.
  useLayoutEffect(() => {
    measure();
  }, [measure, text]);
  useEffect(() => {
    const root = rootRef.current;
    const first = textRef.current;
    if (!root || !first) return undefined;
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => measure());
      observer.observe(root);
      observer.observe(first);
      return () => observer.disconnect();
    }
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  // The offset lives outside React state: a render every 83 ms would be wasted work.
  useEffect(() => {
    const track = trackRef.current;
    const first = textRef.current;
    if (!track || !first) return undefined;
    let offset = 0;
    track.style.transform = '';
    if (!moving) return undefined;
    const timer = setInterval(() => {
      if (hovered.current || focused.current) return;
      const lap = first.scrollWidth + MARQUEE_GAP_PX;
      offset += step;
      if (offset >= lap) offset -= lap;
      track.style.transform = `translateX(${-offset}px)`;
    }, interval);
    return () => clearInterval(timer);
  }, [moving, step, interval, text]);

  const classes = ['ph-marquee'];
  if (!moving) classes.push('ph-marquee--static');
  if (className) classes.push(className);

  return (
    <div
      ref={rootRef}
      className={classes.join(' ')}
      // A moving line must be pausable from the keyboard too (WCAG 2.2.2): focus pauses it.
      tabIndex={moving ? 0 : undefined}
      title={overflowing ? text : undefined}
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
      }}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
      data-testid={testId}
      data-moving={moving}
    >
      <span ref={trackRef} className="ph-marquee__track" data-testid={`${testId}.track`}>
        <span ref={textRef} className="ph-marquee__copy">
          {text}
        </span>
        {moving ? (
          // The second pass that follows the first on screen; read once, not twice.
          <span
            className="ph-marquee__copy"
            style={{ marginLeft: MARQUEE_GAP_PX }}
            aria-hidden="true"
          >
            {text}
          </span>
        ) : null}
      </span>
    </div>
  );
}
