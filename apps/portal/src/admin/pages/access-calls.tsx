/**
 * What the access pages (roles, licences, themes, OAuth clients, versions; issue 13 §2) share:
 * a console call whose failure is shown on the page, in the envelope's own words (spec §8),
 * rather than as a passing notice, and the loading of one read with a way to read it again.
 */
import { Alert, Button, ConfigProvider, Spin, type ThemeConfig } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AdminApp } from '@campus/contracts/admin-apps';
import { adminAppEndpoints } from '@campus/contracts/admin-apps';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { failureMessage, HttpError } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import './access.css';

/** A call's outcome: its data, or the message to show (the envelope's, in the page language). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

/** Reads a console call's answer: ok with data, else the envelope's (or the transport's) words. */
export async function outcomeOf<T>(
  answer: Promise<Envelope<T>>,
  lang: Language,
): Promise<Outcome<T>> {
  try {
    const envelope = await answer;
    if (envelope.status === BodyStatus.ok) return { ok: true, data: envelope.data as T };
    return { ok: false, message: failureMessage(envelope, lang) };
  } catch (error) {
    if (error instanceof HttpError) {
      return {
        ok: false,
        message: error.envelope ? failureMessage(error.envelope, lang) : error.notice.message,
      };
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Options for every call of these pages: the page shows the failure itself. */
export const OWN_FAILURE = { noIntercept: true } as const;

export type Loaded<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

/**
 * One read, done again when its inputs change or `reload` is called. `read` answers the call's
 * outcome; `key` names its inputs (a new key reads again).
 */
export function useLoaded<T>(
  key: string,
  read: () => Promise<Outcome<T>>,
): { loaded: Loaded<T>; reload: () => void; set: (data: T) => void } {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({
    key,
    loaded: { kind: 'loading' },
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void read().then((outcome) => {
      if (!live) return;
      setState({
        key,
        loaded: outcome.ok
          ? { kind: 'ready', data: outcome.data }
          : { kind: 'failed', message: outcome.message },
      });
    });
    return () => {
      live = false;
    };
    // `read` is made anew each render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ key, loaded: { kind: 'ready', data } }), [key]);
  const loaded: Loaded<T> = state.key === key ? state.loaded : { kind: 'loading' };
  return { loaded, reload, set };
}

/** The loaded data, or a spinner, or the failure's message with a way to try again. */
export function LoadedView<T>({
  loaded,
  reload,
  testId,
  children,
}: {
  loaded: Loaded<T>;
  reload: () => void;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loaded.kind === 'loading') {
    return (
      <div className="adm-status adm-status--inline">
        <Spin />
      </div>
    );
  }
  if (loaded.kind === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid={`${testId}.loadError`}
        title={loaded.message}
        action={
          <Button size="small" onClick={reload}>
            {t('admin.access.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(loaded.data)}</>;
}

/** A failure shown where it happened (a form, a table's action), until the next try. */
export function FailureAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="adm-access__alert"
      data-testid={testId}
      title={message}
    />
  );
}

/** The app catalogue: the apps to pick from, and whether the caller may change what is shared. */
export function useCatalogue(unitId: string) {
  const { http } = useRuntime();
  const { lang } = useTranslation();
  return useLoaded(`apps:${unitId}`, () =>
    outcomeOf(callEndpoint(http, adminAppEndpoints.apps, { query: { unitId } }, OWN_FAILURE), lang),
  );
}

/** An app's name in the page language. */
export function appName(app: Pick<AdminApp, 'name' | 'englishName'>, lang: Language): string {
  return lang === 'en' && app.englishName ? app.englishName : app.name;
}

/**
 * The last day a licence runs through: the server keeps the moment it ends (the next day's
 * midnight, `licenceEnd`), so the day is the one before that moment.
 */
export function lastDayOf(endTime: number): string {
  return dayOf(endTime - 1);
}

/** `YYYY-MM-DD` of a moment, in local time (what a person reads as the day). */
export function dayOf(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * antd's error red (#ff4d4f, 3.3:1 on white) and placeholder grey (#bfbfbf, 1.8:1) fall short
 * of WCAG AA's 4.5:1 (issue 10 §5) for the danger buttons and the empty pickers: these pages use
 * deeper shades (5.6:1, 4.8:1). The green "saved" lines and state tags are styled in access.css.
 */
const ACCESS_THEME: ThemeConfig = {
  token: { colorError: '#cf1322', colorTextPlaceholder: '#6b7280' },
};

/** A page body in the access pages' theme. */
export function AccessTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={ACCESS_THEME}>{children}</ConfigProvider>;
}
