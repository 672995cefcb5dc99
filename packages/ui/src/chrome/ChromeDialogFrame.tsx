/**
 * The frame around a chrome dialog. The dialogs' content and behaviour are the chrome's own,
 * one implementation; the frame is the page's: a sub-app page uses the light draggable dialog
 * (no UI kit), the desktop its kit's modal, so its dialogs all look and animate alike.
 */
import type { ComponentType, ReactNode } from 'react';
import { DraggableDialog } from '../components/DraggableDialog.tsx';

export interface ChromeDialogFrameProps {
  title: ReactNode;
  width: number;
  /** A fixed z-index (spec §9: the About dialog at 10000); else the page's stacking. */
  zIndex?: number | undefined;
  lang: string;
  /** The frame's test id (the content carries the chrome's own test ids). */
  testId: string;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}

export type ChromeDialogFrame = ComponentType<ChromeDialogFrameProps>;

/** The light frame: the ui package's draggable dialog. */
export function LightDialogFrame(props: ChromeDialogFrameProps) {
  return (
    <DraggableDialog
      visible
      title={props.title}
      width={props.width}
      {...(props.zIndex === undefined ? {} : { zIndex: props.zIndex })}
      lang={props.lang}
      testId={props.testId}
      onClose={props.onClose}
      footer={props.footer}
    >
      {props.children}
    </DraggableDialog>
  );
}
