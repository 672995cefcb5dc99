/**
 * The draggable dialog of the desktop kit (spec §2, §3 "Dialog props", §4 "Dialog"): open or
 * closed; Escape or a backdrop click closes it when allowed; `beforeClose` may veto; dialogs
 * stack from z-index 1500. No UI kit, so a sub-app pays only for this file.
 */
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { uiText } from '../i18n/ui-messages.ts';
import { DIALOG_Z_INDEX_BASE, dialogStack } from './dialog-stack.ts';
import './button.css';
import './desktop-kit.css';

export { DIALOG_Z_INDEX_BASE } from './dialog-stack.ts';

/** A CSS length: a number is pixels, a string is used as it is (`'20%'`, `'2rem'`). */
export type DialogLength = number | string;

/**
 * Where the dialog sits (spec §3): `middle` is centred across at `top` from the top; `left` and
 * `right` hug that side at `top`; `top` and `bottom` are centred against that edge; `tr` is the
 * top-right corner; four offsets `[top, right, bottom, left]` place it like CSS `inset`, where
 * `null` or `'auto'` leaves that side free.
 */
export type DialogPosition =
  | 'middle'
  | 'left'
  | 'right'
  | 'top'
  | 'bottom'
  | 'tr'
  | readonly [DialogLength | null, DialogLength | null, DialogLength | null, DialogLength | null];

/** The padding of the header, body and footer (spec §3 size). */
export type DialogSize = 'small' | 'medium' | 'large';

/** Props of {@link DraggableDialog}; the defaults are those of spec §3. */
export interface DraggableDialogProps {
  /** Whether the dialog is open. The parent owns it: closing asks through `onClose`. */
  visible: boolean;
  /** The title bar's text; also the dialog's accessible name. */
  title?: ReactNode;
  /** Default `'60%'` of the window (never narrower than 320 px or wider than the window). */
  width?: DialogLength;
  /** Default `'middle'`. */
  position?: DialogPosition;
  /** A backdrop that blocks the page, `aria-modal` and Tab kept inside. Default true. */
  modal?: boolean;
  /** Can be moved by its title bar, staying inside the window. Default true. */
  dragged?: boolean;
  /** The × button in the title bar. Default true. */
  showClose?: boolean;
  /** A click on the backdrop closes it. Default false. */
  closeOnClickModal?: boolean;
  /** Escape closes it, when it is the top dialog. Default true. */
  closeOnPressEscape?: boolean;
  /** The distance from the top for `middle`, `left` and `right`. Default `'15%'`. */
  top?: DialogLength;
  /** Default `'small'`. */
  size?: DialogSize;
  /** Asked to close (× button, Escape, backdrop); set `visible` false to close. */
  onClose?: () => void;
  /**
   * Runs before any close. Call `done` to let the dialog close (it then calls `onClose`); not
   * calling it vetoes the close, e.g. while a form has unsaved changes.
   */
  beforeClose?: (done: () => void) => void;
  /** The accessible name when there is no `title`. */
  ariaLabel?: string;
  /** zh-CN or en (anything else is zh-CN, spec §1), for the close button's label. */
  lang?: string;
  className?: string;
  /**
   * A fixed z-index instead of the stack's (spec §9: the About dialog sits at 10000); it stays
   * in the stack for Escape.
   */
  zIndex?: number;
  /** Prefix of the test ids (`{testId}`, `{testId}.close`, `.title`, `.body`, `.footer`, `.mask`). */
  testId?: string;
  children?: ReactNode;
  footer?: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.tabIndex >= 0,
  );
}

const cssLength = (value: DialogLength): string =>
  typeof value === 'number' ? `${value}px` : value;

/** The inline placement of the dialog box inside its fixed, window-sized layer. */
export function dialogPlacement(position: DialogPosition, top: DialogLength): CSSProperties {
  if (typeof position !== 'string') {
    const [t, r, b, l] = position;
    const side = (value: DialogLength | null | undefined): string | undefined =>
      value == null || value === 'auto' ? undefined : cssLength(value);
    return { top: side(t), right: side(r), bottom: side(b), left: side(l) };
  }
  const fromTop = cssLength(top);
  const limitedFromTop = `calc(100% - ${fromTop} - 16px)`;
  switch (position) {
    case 'left':
      return { top: fromTop, left: 0, maxHeight: limitedFromTop };
    case 'right':
      return { top: fromTop, right: 0, maxHeight: limitedFromTop };
    case 'top':
      return { top: 0, left: 0, right: 0, marginInline: 'auto' };
    case 'bottom':
      return { bottom: 0, left: 0, right: 0, marginInline: 'auto' };
    case 'tr':
      return { top: 0, right: 0 };
    case 'middle':
    default:
      // Plain-JS callers may pass an unknown name; they get the default placement.
      return { top: fromTop, left: 0, right: 0, marginInline: 'auto', maxHeight: limitedFromTop };
  }
}

/** Moves `delta` no further than keeps [start, end] inside [0, limit]; the start edge wins. */
function clampDelta(delta: number, start: number, end: number, limit: number): number {
  const min = -start;
  const max = limit - end;
  if (max < min) return min;
  return Math.min(Math.max(delta, min), max);
}

/**
 * A dialog that can be dragged by its title bar. Rendered into `document.body`; each newly
 * opened one stacks above the others from z-index 1500, and Escape closes only the top one.
 * Focus moves into it on open and back to what had it on close.
 *
 * @example
 * const [open, setOpen] = useState(false);
 * <DraggableDialog
 *   visible={open}
 *   title={t('notice.edit')}
 *   width={640}
 *   lang={lang}
 *   beforeClose={(done) => (dirty ? confirmDiscard().then((ok) => ok && done()) : done())}
 *   onClose={() => setOpen(false)}
 *   footer={
 *     <>
 *       <button className="ph-button" onClick={() => setOpen(false)}>{uiText(lang, 'dialog.cancel')}</button>
 *       <button className="ph-button ph-button--primary" onClick={save}>{uiText(lang, 'dialog.confirm')}</button>
 *     </>
 *   }
 * >
 *   <NoticeForm />
 * </DraggableDialog>
 */
export function DraggableDialog(props: DraggableDialogProps) {
  if (!props.visible || typeof document === 'undefined') return null;
  // Mounted afresh on every open, so a dialog always reopens where its position puts it.
  return createPortal(<OpenDialog {...props} />, document.body);
}

interface DragStart {
  pointerId: number;
  x: number;
  y: number;
  offsetX: number;
  offsetY: number;
  rect: { left: number; top: number; right: number; bottom: number };
}

function OpenDialog({
  title,
  width = '60%',
  position = 'middle',
  modal = true,
  dragged = true,
  showClose = true,
  closeOnClickModal = false,
  closeOnPressEscape = true,
  top = '15%',
  size = 'small',
  onClose,
  beforeClose,
  ariaLabel,
  lang,
  className,
  testId = 'dialog',
  zIndex: fixedZIndex,
  children,
  footer,
}: DraggableDialogProps) {
  const key = useId();
  const titleId = `${key}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [drag, setDrag] = useState<DragStart | null>(null);
  const maskPressed = useRef(false);

  const stack = useSyncExternalStore(
    dialogStack.subscribe,
    dialogStack.getSnapshot,
    dialogStack.getSnapshot,
  );
  const zIndex =
    fixedZIndex ?? stack.find((entry) => entry.key === key)?.zIndex ?? DIALOG_Z_INDEX_BASE;

  useLayoutEffect(() => {
    dialogStack.open(key);
    return () => dialogStack.close(key);
  }, [key]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const active = document.activeElement;
    // An element inside that took focus itself (autoFocus) keeps it; the opener is then unknown.
    const opener = active instanceof HTMLElement && !dialog.contains(active) ? active : null;
    if (!dialog.contains(active)) {
      const inside = focusablesIn(dialog).filter((el) => !el.closest('.ph-dialog__header'));
      (inside[0] ?? dialog).focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const requestClose = () => {
    const done = () => onClose?.();
    if (beforeClose) beforeClose(done);
    else done();
  };

  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!closeOnPressEscape || !dialogStack.isTop(key)) return;
    event.preventDefault();
    requestClose();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onDocumentKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // While dragging, follow the pointer anywhere in the window.
  useEffect(() => {
    if (!drag) return undefined;
    const move = (event: PointerEvent) => {
      if (event.pointerId !== drag.pointerId) return;
      const dx = clampDelta(event.clientX - drag.x, drag.rect.left, drag.rect.right, innerWidth);
      const dy = clampDelta(event.clientY - drag.y, drag.rect.top, drag.rect.bottom, innerHeight);
      setOffset({ x: drag.offsetX + dx, y: drag.offsetY + dy });
    };
    const end = (event: PointerEvent) => {
      if (event.pointerId === drag.pointerId) setDrag(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, [drag]);

  // A window made smaller must not strand a dragged dialog outside it.
  useEffect(() => {
    if (!dragged) return undefined;
    const keepInside = () => {
      const rect = dialogRef.current?.getBoundingClientRect();
      if (!rect) return;
      const dx = clampDelta(0, rect.left, rect.right, innerWidth);
      const dy = clampDelta(0, rect.top, rect.bottom, innerHeight);
      if (dx !== 0 || dy !== 0) setOffset((o) => ({ x: o.x + dx, y: o.y + dy }));
    };
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [dragged]);

  const startDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!dragged || event.button !== 0 || !dialogRef.current) return;
    if ((event.target as Element).closest('button, a, input, select, textarea')) return;
    const rect = dialogRef.current.getBoundingClientRect();
    event.preventDefault(); // no text selection while dragging
    setDrag({
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      offsetX: offset.x,
      offsetY: offset.y,
      rect: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
    });
  };

  const keepTabInside = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !modal || !dialogRef.current) return;
    const dialog = dialogRef.current;
    const items = focusablesIn(dialog);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const style: CSSProperties = {
    ...dialogPlacement(position, top),
    width: cssLength(width),
    transform: offset.x || offset.y ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
  };
  const classes = ['ph-dialog', `ph-dialog--${size}`];
  if (dragged) classes.push('ph-dialog--draggable');
  if (drag) classes.push('ph-dialog--dragging');
  if (className) classes.push(className);

  return (
    <div
      className={modal ? 'ph-dialog-layer ph-dialog-layer--modal' : 'ph-dialog-layer'}
      style={{ zIndex }}
    >
      {modal ? (
        <div
          className="ph-dialog-mask"
          data-testid={`${testId}.mask`}
          aria-hidden="true"
          // Keeps focus in the dialog, and a drag that ends on the mask is not a click on it.
          onMouseDown={(event) => event.preventDefault()}
          onPointerDown={(event) => {
            maskPressed.current = event.target === event.currentTarget;
          }}
          onClick={(event) => {
            const pressed = maskPressed.current;
            maskPressed.current = false;
            if (closeOnClickModal && pressed && event.target === event.currentTarget) {
              requestClose();
            }
          }}
        />
      ) : null}
      <div
        ref={dialogRef}
        className={classes.join(' ')}
        style={style}
        role="dialog"
        aria-modal={modal ? true : undefined}
        aria-labelledby={title != null ? titleId : undefined}
        aria-label={title == null ? ariaLabel : undefined}
        tabIndex={-1}
        onKeyDown={keepTabInside}
        data-size={size}
        data-testid={testId}
      >
        <div
          className="ph-dialog__header"
          onPointerDown={startDrag}
          data-testid={`${testId}.header`}
        >
          <h2 id={titleId} className="ph-dialog__title" data-testid={`${testId}.title`}>
            {title}
          </h2>
          {showClose ? (
            <button
              type="button"
              className="ph-dialog__close"
              aria-label={uiText(lang, 'dialog.close')}
              onClick={requestClose}
              data-testid={`${testId}.close`}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="ph-dialog__body" data-testid={`${testId}.body`}>
          {children}
        </div>
        {footer != null ? (
          <div className="ph-dialog__footer" data-testid={`${testId}.footer`}>
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}
