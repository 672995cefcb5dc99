import { useEffect, useState } from 'react';
import type { MessageConfig, UnhandleCount } from '@campus/contracts/desktop';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { dataOf } from '../chrome-env.ts';
import { onUnreadChanged } from './unread-events.ts';

/** The bell's numbers (spec §2): unread messages and the unit's pcOpen setting. */
export interface BellData {
  unread: number;
  pcOpen: MessageConfig['pcOpen'] | null;
}

/**
 * Spec §7 unhandlecount and getMessageConfig; the count follows the messages dialog's ignore
 * actions (`unreadChanged`), asked fresh then: behind a proxy the other instance may not yet
 * have heard of the change.
 */
export function useBellData(api: DesktopApi): BellData {
  const [counts, setCounts] = useState<UnhandleCount | null>(null);
  const [config, setConfig] = useState<MessageConfig | null>(null);
  useEffect(() => {
    let live = true;
    const loadCount = (fresh: boolean) => {
      void dataOf(api.unhandleCount({ fresh })).then((data) => {
        if (live && data) setCounts(data);
      });
    };
    loadCount(false);
    void dataOf(api.messageConfig()).then((data) => {
      if (live && data) setConfig(data);
    });
    const stop = onUnreadChanged(() => loadCount(true));
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  return { unread: counts?.messageCount ?? 0, pcOpen: config?.pcOpen ?? null };
}
