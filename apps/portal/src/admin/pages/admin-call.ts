/**
 * A console page's call and its outcome (issue 13 §2, DESIGN.md §4): the envelope's answer, or
 * what went wrong in the page's language, so a form shows the server's own (bilingual) message
 * on screen beside it rather than a passing toast. Calls go without the client's notice
 * (`noIntercept`): the page says it once, where the user is looking.
 */
import { useEffect, useState } from 'react';
import type { Envelope, FieldError } from '@campus/contracts/envelope';
import { failureMessage, HttpError } from '@campus/sdk/http-core';
import { splitBilingual, type Language } from '@campus/sdk/language';

/** What a page does with an answer: the data, or the message and the fields it names. */
export type Outcome<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fields: { name: string; message: string }[] };

/** The request options every console call of these pages passes. */
export const QUIET = { noIntercept: true } as const;

/** Reads an envelope (or a failed request) into an outcome in `lang`. */
export async function settle<T>(call: Promise<Envelope<T>>, lang: Language): Promise<Outcome<T>> {
  let answer: Envelope<T>;
  try {
    answer = await call;
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.envelope) return refusal(error.envelope, lang);
      return { ok: false, message: error.notice.message, fields: [] };
    }
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      fields: [],
    };
  }
  if (answer.status === 200 && answer.data !== undefined) return { ok: true, data: answer.data };
  return refusal(answer, lang);
}

function refusal(envelope: Envelope<unknown>, lang: Language): Outcome<never> {
  return {
    ok: false,
    message: failureMessage(envelope, lang),
    fields: (envelope.fieldErrors ?? []).map((e: FieldError) => ({
      name: e.field,
      message: splitBilingual(e.message, lang),
    })),
  };
}

/**
 * The field errors an antd form can show under its own inputs: those naming one of `names`.
 *
 * @example formErrors([{ name: 'footerLink', message: 'Bad link' }], ['footer', 'footerLink'])
 * // [{ name: 'footerLink', errors: ['Bad link'] }]
 */
export function formErrors<N extends string>(
  fields: readonly { name: string; message: string }[],
  names: readonly N[],
): { name: N; errors: string[] }[] {
  const known = (name: string): name is N => (names as readonly string[]).includes(name);
  return fields.flatMap((f) => (known(f.name) ? [{ name: f.name, errors: [f.message] }] : []));
}

/** Empty text as none (the contracts' nullable strings). */
export function orNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The outcome of `load`, asked again whenever `load` changes (callers memoise it with what it
 * reads); `loading` until the answer of the current `load` is in, the previous one kept meanwhile.
 */
export function useOutcome<T>(load: () => Promise<Outcome<T>>): {
  outcome: Outcome<T> | null;
  loading: boolean;
} {
  const [held, setHeld] = useState<{ load: () => Promise<Outcome<T>>; outcome: Outcome<T> } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    void load().then((outcome) => {
      if (live) setHeld({ load, outcome });
    });
    return () => {
      live = false;
    };
  }, [load]);
  return { outcome: held?.outcome ?? null, loading: held?.load !== load };
}
