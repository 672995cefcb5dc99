/**
 * One console form's save (issue 13 §2, DESIGN.md §4), the same in every card that has it: the
 * button busy while the call runs; on success the previous refusal cleared, the card's own
 * follow-up run and a short message; on a refusal the server's message kept above the button
 * (`FailureAlert`) and its field errors under the inputs the form has.
 */
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formErrors, settle } from './admin-call.ts';

export interface FormSave {
  /** The refusal to show above the button, until the next save succeeds. */
  failure: string | null;
  busy: boolean;
  /**
   * Sends `call` (made with `QUIET`); on success runs `saved` with the answer and shows the
   * message it returns.
   */
  save: <T>(call: Promise<Envelope<T>>, saved: (data: T) => string) => Promise<void>;
}

/** `fields`: the form's inputs that may carry a field error of the answer. */
export function useFormSave(form: FormInstance, fields: readonly string[]): FormSave {
  const { lang } = useTranslation();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async <T>(call: Promise<Envelope<T>>, saved: (data: T) => string) => {
    setBusy(true);
    const outcome = await settle(call, lang);
    setBusy(false);
    if (outcome.ok) {
      setFailure(null);
      const done = saved(outcome.data);
      void message.success(done);
    } else {
      setFailure(outcome.message);
      form.setFields(formErrors(outcome.fields, fields));
    }
  };

  return { failure, busy, save };
}
