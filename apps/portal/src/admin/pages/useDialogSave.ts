/**
 * The save of an access page's dialog (roles, versions, OAuth clients): `saving` while the call
 * runs; the answer's data handed on (the dialog then closes), or the refusal kept for the
 * dialog to show in the server's words.
 */
import { useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { outcomeOf } from './access-calls.tsx';

export function useDialogSave(): {
  failure: string | null;
  saving: boolean;
  /** Sends `call` (made with `OWN_FAILURE`); on success runs `saved` with the answer's data. */
  save: <T>(call: Promise<Envelope<T>>, saved: (data: T) => void) => Promise<void>;
} {
  const { lang } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async <T>(call: Promise<Envelope<T>>, saved: (data: T) => void) => {
    setSaving(true);
    const outcome = await outcomeOf(call, lang);
    setSaving(false);
    if (outcome.ok) saved(outcome.data);
    else setFailure(outcome.message);
  };
  return { failure, saving, save };
}
