import { App } from 'antd';
import { useEffect } from 'react';
import { setNoticeHandler } from './notice-bridge.ts';

/** Shows the HTTP client's notices with antd notifications (spec §8, §9: 2 s). */
export function NoticeBridge() {
  const { notification } = App.useApp();
  useEffect(
    () =>
      setNoticeHandler((notice) => {
        notification[notice.type]({
          title: notice.title ?? notice.message,
          description: notice.title ? notice.message : undefined,
          duration: 2,
        });
      }),
    [notification],
  );
  return null;
}
