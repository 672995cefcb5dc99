/**
 * A dialog that cannot be closed (spec §2 "Licence-expired blocking dialog", §8 message): it
 * covers the app above every other layer (spec §9 modal base z-index 200000) and offers only
 * the way back to the desktop.
 */
import { useEffect, useId, useRef } from 'react';
import './button.css';
import './shell.css';

/** Spec §9: the base z-index of modal layers. */
export const MODAL_BASE_Z_INDEX = 200000;

export function BlockingDialog(props: {
  title: string;
  message: string;
  actionLabel: string;
  actionHref: string;
}) {
  const titleId = useId();
  const textId = useId();
  const action = useRef<HTMLAnchorElement>(null);
  useEffect(() => action.current?.focus(), []);
  return (
    <div className="ph-blocking" style={{ zIndex: MODAL_BASE_Z_INDEX }}>
      <div
        className="ph-blocking__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="blockingDialog"
      >
        <h2 id={titleId} className="ph-blocking__title">
          {props.title}
        </h2>
        <p id={textId} className="ph-blocking__text" data-testid="blockingDialog.text">
          {props.message}
        </p>
        <a ref={action} className="ph-button ph-button--primary" href={props.actionHref}>
          {props.actionLabel}
        </a>
      </div>
    </div>
  );
}
