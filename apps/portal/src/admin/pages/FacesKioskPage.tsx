import { Button, Input } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FaceClocking } from '@campus/contracts/face';
import { formatDate } from '@campus/sdk/formatters';
import { switchLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { useRuntime } from '../../shared/useRuntime.ts';
import { ADMIN_ICONS } from '../admin-icons.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitName, unitPagePath } from '../admin-rules.ts';
import {
  KIOSK_DEVICE_MAX,
  KIOSK_REARM_MS,
  kioskDeviceName,
  readKioskDevice,
  rearmSecondsLeft,
  recentClockings,
  writeKioskDevice,
} from './kiosk-rules.ts';
import './faces-kiosk.css';

// The face component in its own chunk, and face-api with its model imported by the component
// only when the camera opens (issue 14 §1), as on the login and settings pages.
const FaceCapture = lazy(() =>
  import('@campus/ui/FaceCapture').then((module) => ({ default: module.FaceCapture })),
);

const TIME = 'HH:mm:ss';
const DAY = 'YYYY-MM-DD';

const localStore = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * The clock-in kiosk (issue 14 §1; spec §2 Face component in orther mode, §7
 * `login/face/clocking`: on 200 the data is emitted as the user message), at
 * `/admin/{unitId}/kiosk`: a unit administrator signs in on the gate device and opens it from
 * the faces page (docs/decisions.md). Full screen, outside the console's frame: the camera opens
 * by itself, the face component tracks and sends the photo, and each recognised person's name
 * and time stay on screen for `KIOSK_REARM_MS` before the camera opens for the next one. The
 * device name, kept by this browser, goes with each clock-in as its device.
 */
export function FacesKioskPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http, storage } = useRuntime();
  const { unit } = context;
  const [device, setDevice] = useState(() => readKioskDevice(localStore()));
  const [round, setRound] = useState(0);
  const [recent, setRecent] = useState<FaceClocking[]>([]);
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const latest = shownAt === null ? null : (recent[0] ?? null);

  useEffect(() => {
    document.title = t('admin.documentTitle', { page: t('admin.kiosk.title') });
  }, [t, lang]);

  // After a clock-in: the countdown to the next person, then a fresh component (camera on).
  useEffect(() => {
    if (shownAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const rearm = setTimeout(() => {
      setShownAt(null);
      setRound((n) => n + 1);
    }, KIOSK_REARM_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(rearm);
    };
  }, [shownAt]);

  const clocked = useCallback((data: FaceClocking) => {
    setRecent((list) => recentClockings(list, data));
    const at = Date.now();
    setNow(at);
    setShownAt(at);
  }, []);

  const nextNow = () => {
    setShownAt(null);
    setRound((n) => n + 1);
  };

  const next: 'en' | 'zh-CN' = lang === 'en' ? 'zh-CN' : 'en';
  const left = shownAt === null ? 0 : rearmSecondsLeft(now - shownAt);

  return (
    <main className="adm-kiosk" data-testid="kiosk" lang={lang}>
      <header className="adm-kiosk__header">
        <div className="adm-kiosk__heading">
          <h1 className="adm-kiosk__title">{t('admin.kiosk.title')}</h1>
          <span className="adm-kiosk__unit" data-testid="kiosk.unit">
            {unitName(unit, lang)}
          </span>
        </div>
        <div className="adm-kiosk__tools">
          <Button
            type="text"
            lang={next}
            title={t('lang.switchLabel')}
            data-testid="kiosk.lang"
            icon={<Icon path={ADMIN_ICONS.globe} size={18} />}
            onClick={() => void switchLanguage(next, storage)}
          >
            {t('lang.switchTo')}
          </Button>
          <Link
            to={unitPagePath(unit.unitId, 'faces')}
            className="adm-kiosk__back"
            data-testid="kiosk.back"
          >
            {t('admin.kiosk.back')}
          </Link>
        </div>
      </header>
      <div className="adm-kiosk__body">
        <section className="adm-kiosk__camera" aria-label={t('admin.kiosk.cameraLabel')}>
          {latest ? (
            <div className="adm-kiosk__result" role="status" data-testid="kiosk.result">
              <p className="adm-kiosk__welcome">{t('admin.kiosk.clocked')}</p>
              <p className="adm-kiosk__name" data-testid="kiosk.name">
                {latest.realName}
              </p>
              <p className="adm-kiosk__time">
                <time dateTime={new Date(latest.clockedAt).toISOString()} data-testid="kiosk.time">
                  {formatDate(latest.clockedAt, TIME, lang)}
                </time>
                <span className="adm-kiosk__day">{formatDate(latest.clockedAt, DAY, lang)}</span>
              </p>
              <p className="adm-kiosk__next" data-testid="kiosk.next">
                {t('admin.kiosk.nextIn', { count: left })}
              </p>
              <Button type="primary" size="large" onClick={nextNow} data-testid="kiosk.nextNow">
                {t('admin.kiosk.nextNow')}
              </Button>
            </div>
          ) : (
            <Suspense fallback={<p className="adm-kiosk__loading">{t('admin.loading')}</p>}>
              <FaceCapture
                key={round}
                mode="orther"
                http={http}
                lang={lang}
                unitId={unit.unitId}
                deviceId={kioskDeviceName(device)}
                autoStart
                onClocking={clocked}
              />
            </Suspense>
          )}
        </section>
        <aside className="adm-kiosk__side">
          <label className="adm-kiosk__device">
            <span>{t('admin.kiosk.device')}</span>
            <Input
              value={device}
              maxLength={KIOSK_DEVICE_MAX}
              placeholder={t('admin.kiosk.devicePlaceholder')}
              onChange={(event) => setDevice(event.target.value)}
              onBlur={() => {
                const name = kioskDeviceName(device);
                setDevice(name);
                writeKioskDevice(localStore(), name);
              }}
              data-testid="kiosk.device"
            />
            <small>{t('admin.kiosk.deviceHint')}</small>
          </label>
          <h2 className="adm-kiosk__recentTitle">{t('admin.kiosk.recent')}</h2>
          {recent.length === 0 ? (
            <p className="adm-kiosk__empty">{t('admin.kiosk.none')}</p>
          ) : (
            <ol className="adm-kiosk__recent" data-testid="kiosk.recent">
              {recent.map((row) => (
                <li key={row.attendanceId}>
                  <span>{row.realName}</span>
                  <time dateTime={new Date(row.clockedAt).toISOString()}>
                    {formatDate(row.clockedAt, TIME, lang)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </aside>
      </div>
    </main>
  );
}
