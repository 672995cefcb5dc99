/**
 * The face component (spec §2 Face component, §3 userDetails and capture size, §4 states, §5
 * validation, §7 calls, §8 messages, §9 constants; DESIGN.md §9; issue 14 §1), without a UI kit:
 *
 * - collect: open the camera, a countdown of `waitTime` (Photograph disabled), Photograph, then
 *   Again or Save (`face/check`); an enrolled face first shows its photo and an Again button
 *   (re-photograph mode); Upload takes a photo from a file instead;
 * - login and orther: after the countdown the detector tracks the face, and once it has been
 *   within 50 px of the target for more than 8 detections in a row the photo is taken and sent
 *   (`oauth/login/face`, `login/face/clocking`); after 15 s without that, the timeout message
 *   with click-to-retry. Log in / OK sends the current frame at once.
 *
 * The detector (`face-detector.ts`: face-api and its weights) is imported only when the camera
 * opens in login or orther mode, never with the page.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  FACE_TIMEOUT_MS,
  faceEndpoints,
  type FaceClocking,
  type FaceEnrolment,
} from '@campus/contracts/face';
import type { LoginData } from '@campus/contracts/uaa';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import type { HttpClient } from '@campus/sdk/http-core';
import { normalizeLanguage, splitBilingual } from '@campus/sdk/language';
import { uiT } from '../i18n/ui-messages.ts';
import '../components/button.css';
import {
  canOpenCamera,
  captureSize,
  collectButtons,
  countdownLeft,
  nextHits,
  shouldCapture,
  targetRegion,
  type FaceBox,
  type FaceMode,
  type FacePhase,
} from './face-rules.ts';
import type { FaceDetector } from './face-detector.ts';
import './face.css';

/** Spec §3 userDetails: first-save flag, image, registration time, userId. */
export interface FaceUserDetails {
  firstSave: boolean;
  image: string | null;
  registerTime: number | null;
  userId: string | null;
}

export interface FaceCaptureProps {
  mode: FaceMode;
  http: HttpClient;
  /** zh-CN or en; anything else shows zh-CN (spec §1). */
  lang?: string | null;
  /** Whose face collect mode enrols (spec §5: required there). */
  userId?: string | null;
  /** The countdown after the camera opens, in seconds (spec §9: default 3). */
  waitTime?: number;
  /** Sign-in and clock-in: the login page's unit (`?unitId=`), else the server's for this host. */
  unitId?: string;
  /** Orther mode: the kiosk's name, kept on the attendance row (`deviceId`). */
  deviceId?: string;
  /** Opens the camera by itself once it is found (a kiosk rearming for the next person). */
  autoStart?: boolean;
  /** Collect mode: after a 200 from `face/check` (spec §7: save-success is emitted). */
  onSaved?: (enrolment: FaceEnrolment) => void;
  /** Login mode: after a 200; the page reloads when not given (spec §7). */
  onLogin?: (data: LoginData) => void;
  /** Orther mode: the attendance row (spec §7: emitted as the user message). */
  onClocking?: (data: FaceClocking) => void;
  /** Close / Cancel. */
  onClose?: () => void;
}

type Problem =
  | { kind: 'noCamera' }
  | { kind: 'noUserId' }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string };

const DETECT_INTERVAL_MS = 120;

const toImage = (base64: string) =>
  base64.startsWith('data:') ? base64 : `data:image/jpeg;base64,${base64}`;

/**
 * @example
 * <FaceCapture mode="collect" http={http} lang={lang} userId={me.userId} onSaved={reload} />
 */
export function FaceCapture({
  mode,
  http,
  lang: given,
  userId,
  waitTime,
  unitId,
  deviceId,
  autoStart = false,
  onSaved,
  onLogin,
  onClocking,
  onClose,
}: FaceCaptureProps) {
  const lang = normalizeLanguage(given);
  const t = uiT(lang);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const runRef = useRef(0);
  const [phase, setPhase] = useState<FacePhase>('initialising');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [left, setLeft] = useState(0);
  const [photo, setPhoto] = useState<string | null>(null);
  const [hits, setHits] = useState(0);
  const [box, setBox] = useState<FaceBox | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [details, setDetails] = useState<FaceUserDetails>({
    firstSave: true,
    image: null,
    registerTime: null,
    userId: userId ?? null,
  });
  const [loadingRecord, setLoadingRecord] = useState(mode === 'collect' && Boolean(userId));
  const collect = mode === 'collect';
  // The kiosk's name as it is when a photo is sent (it may be edited while the tracker runs).
  const deviceRef = useRef(deviceId);
  useEffect(() => {
    deviceRef.current = deviceId;
  }, [deviceId]);

  const stopCamera = useCallback(() => {
    runRef.current += 1;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // Spec §4: initialising, then camera ready or no camera; §5 collect mode requires userId.
  useEffect(() => {
    let live = true;
    const devices = navigator.mediaDevices;
    const check = async (): Promise<boolean> => {
      if (!canOpenCamera(window.location) || !devices?.getUserMedia) return false;
      const list = await devices.enumerateDevices().catch(() => []);
      return list.some((device) => device.kind === 'videoinput');
    };
    void check().then((hasCamera) => {
      if (!live) return;
      if (collect && !userId) setProblem({ kind: 'noUserId' });
      else if (!hasCamera) setProblem({ kind: 'noCamera' });
      setPhase(hasCamera ? 'ready' : 'noCamera');
    });
    return () => {
      live = false;
    };
  }, [collect, userId]);

  // Collect mode: the enrolled photo (spec §7 face/user; a failure only clears the loading flag).
  useEffect(() => {
    if (!collect || !userId) return;
    let live = true;
    callEndpoint(http, faceEndpoints.user, { query: { userId } }, { noIntercept: true })
      .then((res) => {
        if (!live || res.status !== 200 || !res.data) return;
        const record = res.data;
        setDetails({
          firstSave: !record.faceImage,
          image: record.faceImage ? toImage(record.faceImage) : null,
          registerTime: record.registerTime,
          userId: record.userId,
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoadingRecord(false);
      });
    return () => {
      live = false;
    };
  }, [collect, http, userId]);

  useEffect(() => stopCamera, [stopCamera]);

  /** Draws the current frame at the spec §3 size (cover-fit) and answers it as a JPEG. */
  const grab = useCallback((): string | null => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return null;
    const size = captureSize(document.body.clientWidth, document.body.clientHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const scale = Math.max(size.width / video.videoWidth, size.height / video.videoHeight);
    const w = size.width / scale;
    const h = size.height / scale;
    context.drawImage(
      video,
      (video.videoWidth - w) / 2,
      (video.videoHeight - h) / 2,
      w,
      h,
      0,
      0,
      size.width,
      size.height,
    );
    return canvas.toDataURL('image/jpeg', 0.9);
  }, []);

  const send = useCallback(
    async (image: string) => {
      setPhase('sending');
      setProblem(null);
      try {
        if (mode === 'collect') {
          const res = await callEndpoint(
            http,
            faceEndpoints.check,
            { body: { faceImage: image, userId: userId ?? '', noIntercept: true } },
            { noIntercept: true },
          );
          if (res.status === 200 && res.data) {
            // Spec §7: success notice, the camera closes, save-success is emitted.
            stopCamera();
            setDetails({
              firstSave: false,
              image,
              registerTime: res.data.registerTime,
              userId: res.data.userId,
            });
            setPhoto(null);
            setNotice(t('face.collected'));
            setPhase('done');
            onSaved?.(res.data);
            return;
          }
          setProblem({
            kind: 'failed',
            message: splitBilingual(res.message || '', lang) || t('face.retry'),
          });
          setPhase('failed');
          return;
        }
        const body = { faceImage: image, noIntercept: true, ...(unitId ? { unitId } : {}) };
        if (mode === 'login') {
          const res = await callEndpoint(
            http,
            faceEndpoints.login,
            { body },
            { noIntercept: true },
          );
          if (res.status === 200 && res.data) {
            stopCamera();
            setPhase('done');
            if (onLogin) onLogin(res.data);
            else window.location.reload();
            return;
          }
          setProblem({
            kind: 'failed',
            message: splitBilingual(res.message || '', lang) || t('face.retry'),
          });
        } else {
          const device = deviceRef.current?.trim();
          const res = await callEndpoint(
            http,
            faceEndpoints.clocking,
            { body: device ? { ...body, deviceId: device } : body },
            { noIntercept: true },
          );
          if (res.status === 200 && res.data) {
            stopCamera();
            setNotice(
              t('face.clocked', {
                name: res.data.realName,
                time: new Date(res.data.clockedAt).toLocaleTimeString(lang),
              }),
            );
            setPhase('done');
            onClocking?.(res.data);
            return;
          }
          setProblem({
            kind: 'failed',
            message: splitBilingual(res.message || '', lang) || t('face.retry'),
          });
        }
        stopCamera();
        setPhase('failed');
      } catch {
        stopCamera();
        setProblem({ kind: 'failed', message: t('face.networkError') });
        setPhase('failed');
      }
    },
    [http, lang, mode, onClocking, onLogin, onSaved, stopCamera, t, unitId, userId],
  );

  /** Login and orther: tracks the face until it is taken, or the 15 s timeout (spec §4). */
  const track = useCallback(
    async (run: number) => {
      let detector: FaceDetector;
      try {
        const module = await import('./face-detector.ts');
        detector = await module.loadFaceDetector();
      } catch {
        if (run !== runRef.current) return;
        stopCamera();
        setProblem({ kind: 'failed', message: t('face.detectorError') });
        setPhase('failed');
        return;
      }
      const started = Date.now();
      let count = 0;
      while (run === runRef.current) {
        if (Date.now() - started > FACE_TIMEOUT_MS) {
          stopCamera();
          setProblem({ kind: 'timeout' });
          setPhase('timeout');
          return;
        }
        const video = videoRef.current;
        if (video && video.videoWidth > 0) {
          const found = await detector.detect(video).catch(() => null);
          if (run !== runRef.current) return;
          // The detection in the shown video's CSS pixels (object-fit: cover, mirrored).
          const shownW = video.clientWidth;
          const shownH = video.clientHeight;
          const scale = Math.max(shownW / video.videoWidth, shownH / video.videoHeight);
          const offX = (video.videoWidth * scale - shownW) / 2;
          const offY = (video.videoHeight * scale - shownH) / 2;
          const shown = found
            ? {
                x: shownW - (found.x * scale - offX) - found.width * scale,
                y: found.y * scale - offY,
                width: found.width * scale,
                height: found.height * scale,
              }
            : null;
          count = nextHits(count, shown, targetRegion(shownW, shownH));
          setBox(shown);
          setHits(count);
          if (shouldCapture(count)) {
            const image = grab();
            if (image) {
              void send(image);
              return;
            }
          }
        }
        await new Promise((resolve) => setTimeout(resolve, DETECT_INTERVAL_MS));
      }
    },
    [grab, send, stopCamera, t],
  );

  /** After the camera is on: the countdown, then the live video (spec §4). */
  const startLive = useCallback(
    (run: number) => {
      const started = Date.now();
      setHits(0);
      setBox(null);
      const tick = () => {
        if (run !== runRef.current) return;
        const remaining = countdownLeft(waitTime, Date.now() - started);
        setLeft(remaining);
        if (remaining > 0) {
          setPhase('countdown');
          setTimeout(tick, 200);
          return;
        }
        setPhase('live');
        if (!collect) void track(run);
      };
      tick();
    },
    [collect, track, waitTime],
  );

  const openCamera = useCallback(async () => {
    if (collect && !userId) {
      setProblem({ kind: 'noUserId' });
      return;
    }
    stopCamera();
    const run = runRef.current;
    setProblem(null);
    setNotice(null);
    setPhoto(null);
    setPhase('initialising');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      });
      if (run !== runRef.current) {
        for (const trackItem of stream.getTracks()) trackItem.stop();
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      startLive(run);
    } catch {
      // Spec §8: camera denied or missing marks no camera.
      setProblem({ kind: 'noCamera' });
      setPhase('noCamera');
    }
  }, [collect, startLive, stopCamera, userId]);

  // A kiosk opens the camera once, as soon as it is found (never again after Close or a problem).
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current || phase !== 'ready' || problem) return;
    autoStarted.current = true;
    void openCamera();
  }, [autoStart, openCamera, phase, problem]);

  const photograph = () => {
    const image = grab();
    if (!image) return;
    runRef.current += 1;
    videoRef.current?.pause();
    setPhoto(image);
    setPhase('captured');
  };

  const again = () => {
    void openCamera();
  };

  const close = () => {
    stopCamera();
    setPhoto(null);
    setProblem(collect && !userId ? { kind: 'noUserId' } : null);
    setPhase(phase === 'noCamera' ? 'noCamera' : 'ready');
    onClose?.();
  };

  const retry = () => {
    setProblem(null);
    if (phase === 'failed' && collect && photo) {
      setPhase('captured');
      return;
    }
    void openCamera();
  };

  const onUpload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== 'string') return;
      stopCamera();
      setPhoto(reader.result);
      setProblem(null);
      setPhase('captured');
    };
    reader.readAsDataURL(file);
  };

  const cameraOn = phase === 'countdown' || phase === 'live';
  const buttons = collectButtons(phase);
  const problemText = problem ? problemMessage(problem, t) : null;
  const canRetry = problem?.kind === 'timeout' || problem?.kind === 'failed';
  const showEnrolled = collect && !cameraOn && !photo && details.image && phase !== 'sending';
  const target = targetRegion(100, 100);

  return (
    <div
      className={`cp-face cp-face--${mode}`}
      data-testid="face"
      data-phase={phase}
      data-hits={hits}
      role="group"
      aria-label={t(`face.title.${mode}`)}
    >
      <div className="cp-face__stage" data-testid="face.stage">
        <video
          ref={videoRef}
          className={`cp-face__video${cameraOn && phase === 'live' ? ' is-on' : ''}`}
          muted
          playsInline
          data-testid="face.video"
        />
        {photo ? (
          <img
            className="cp-face__photo"
            src={photo}
            alt={t('face.photoAlt')}
            data-testid="face.photo"
          />
        ) : null}
        {showEnrolled ? (
          <img
            className="cp-face__photo"
            src={details.image ?? ''}
            alt={t('face.enrolledAlt')}
            data-testid="face.enrolled"
          />
        ) : null}
        {!collect && phase === 'live' ? (
          <>
            <div
              className={`cp-face__target${hits > 0 ? ' is-hit' : ''}`}
              style={{
                left: `${target.x}%`,
                top: `${target.y}%`,
                width: `${target.width}%`,
                height: `${target.height}%`,
              }}
              aria-hidden="true"
            />
            {box ? (
              <div
                className="cp-face__box"
                style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
                aria-hidden="true"
                data-testid="face.box"
              />
            ) : null}
          </>
        ) : null}
        {phase === 'countdown' ? (
          <div className="cp-face__countdown" data-testid="face.countdown" aria-live="polite">
            {left}
          </div>
        ) : null}
        {phase === 'initialising' || phase === 'sending' || loadingRecord ? (
          <div className="cp-face__overlay" aria-live="polite">
            {phase === 'sending' ? t('face.sending') : t('face.initialising')}
          </div>
        ) : null}
        {problemText ? (
          canRetry ? (
            <button
              type="button"
              className="cp-face__overlay cp-face__overlay--problem"
              onClick={retry}
              data-testid="face.problem"
            >
              <strong>{problemText}</strong>
              {problem?.kind === 'timeout' ? (
                <span>{t('face.timeoutHint')}</span>
              ) : (
                <span>{t('face.retry')}</span>
              )}
            </button>
          ) : (
            <div
              className="cp-face__overlay cp-face__overlay--problem"
              role="alert"
              data-testid="face.problem"
            >
              <strong>{problemText}</strong>
            </div>
          )
        ) : null}
      </div>
      {notice ? (
        <p className="cp-face__notice" role="status" data-testid="face.notice">
          {notice}
        </p>
      ) : null}
      {!collect && phase === 'live' ? <p className="cp-face__hint">{t('face.lookHint')}</p> : null}
      {collect && details.registerTime ? (
        <p className="cp-face__meta" data-testid="face.registerTime">
          {t('face.registeredAt', { time: new Date(details.registerTime).toLocaleString(lang) })}
        </p>
      ) : null}
      <div className="cp-face__actions">
        {!cameraOn && phase !== 'captured' && phase !== 'sending' && !showEnrolled ? (
          <button
            type="button"
            className="ph-button ph-button--primary"
            onClick={() => void openCamera()}
            disabled={phase === 'noCamera' || phase === 'initialising' || (collect && !userId)}
            data-testid="face.open"
          >
            {t('face.open')}
          </button>
        ) : null}
        {collect && (cameraOn || phase === 'captured') ? (
          phase === 'captured' ? (
            <button type="button" className="ph-button" onClick={again} data-testid="face.again">
              {t('face.again')}
            </button>
          ) : (
            <button
              type="button"
              className="ph-button ph-button--primary"
              onClick={photograph}
              disabled={!buttons.photograph}
              data-testid="face.photograph"
            >
              {t('face.photograph')}
            </button>
          )
        ) : null}
        {showEnrolled && !cameraOn ? (
          <button
            type="button"
            className="ph-button ph-button--primary"
            onClick={again}
            data-testid="face.again"
          >
            {t('face.again')}
          </button>
        ) : null}
        {collect && (cameraOn || phase === 'captured') ? (
          <button
            type="button"
            className="ph-button ph-button--primary"
            onClick={() => photo && void send(photo)}
            disabled={!buttons.save}
            data-testid="face.save"
          >
            {t('face.save')}
          </button>
        ) : null}
        {collect && userId ? (
          <>
            <button
              type="button"
              className="ph-button"
              onClick={() => fileRef.current?.click()}
              data-testid="face.upload"
            >
              {t('face.upload')}
            </button>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              onChange={onUpload}
            />
          </>
        ) : null}
        {!collect && phase === 'live' ? (
          <button
            type="button"
            className="ph-button ph-button--primary"
            onClick={() => {
              const image = grab();
              if (image) {
                runRef.current += 1;
                void send(image);
              }
            }}
            data-testid="face.submit"
          >
            {mode === 'login' ? t('face.login') : t('face.ok')}
          </button>
        ) : null}
        {cameraOn || phase === 'captured' ? (
          <button type="button" className="ph-button" onClick={close} data-testid="face.close">
            {collect ? t('face.close') : t('face.cancel')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function problemMessage(problem: Problem, t: ReturnType<typeof uiT>): string {
  switch (problem.kind) {
    case 'noCamera':
      return t('face.noCamera');
    case 'noUserId':
      return t('face.noUserId');
    case 'timeout':
      return t('face.timeout');
    case 'failed':
      return problem.message;
  }
}
