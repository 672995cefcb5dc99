import { App } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { Widget } from '../common/Widget.tsx';

// The face component in its own chunk: the settings page's first load does not carry it, and
// face-api with its model is imported by the component only when the camera opens (issue 14 §1).
const FaceCapture = lazy(() =>
  import('@campus/ui/FaceCapture').then((module) => ({ default: module.FaceCapture })),
);

/**
 * The settings page's face enrolment (issue 14 §1; spec §2 Face component in collect mode):
 * the enrolled photo and its registration time from `face/user`, and Open camera / Again,
 * Photograph, Save through `face/check`, with a success notice.
 */
export function FaceCard({ userId }: { userId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message: toast } = App.useApp();
  return (
    <Widget title={t('pages.setting.face')} testId="setting.faceCard">
      <p className="dp-muted">{t('pages.setting.faceText')}</p>
      <Suspense fallback={null}>
        <FaceCapture
          mode="collect"
          http={http}
          lang={lang}
          userId={userId}
          onSaved={() => void toast.success({ content: t('pages.setting.faceSaved'), duration: 3 })}
        />
      </Suspense>
    </Widget>
  );
}
