/**
 * The desktop's inbox as the feed writes it (issue 13 §4): a send's messages and to-dos, one row
 * per recipient, tagged with the send; to-dos done; the apps' badges. The desktop owns these
 * tables, so the feed writes them through here; the bell, the to-do popup, the messages dialog
 * and unReadCodeCount read the same rows as the seed's (desktop.service.ts, app-menu.service.ts).
 * Who may send what to whom is the feed's rule (server/src/modules/feed), decided before this.
 */
import { randomUUID } from 'node:crypto';
import type { DesktopRepository } from './desktop.repository.ts';

/** What one send leaves in its recipients' inboxes. */
export interface Delivery {
  sendId: string;
  kind: 'message' | 'todo';
  /** The app it comes from: the message's or to-do's `module` (spec §3). */
  appCode: string;
  /** The message's text (messageMeno) or the to-do's title. */
  title: string;
  /** A message's importance (spec §3: 1 to 5); unused for a to-do. */
  importance: number | null;
  url: string | null;
  userIds: readonly string[];
  at: number;
}

export class InboxService {
  constructor(private readonly repository: DesktopRepository) {}

  async deliver(delivery: Delivery): Promise<void> {
    const { sendId, appCode, title, url, at } = delivery;
    if (delivery.kind === 'message') {
      await this.repository.insertMessages(
        delivery.userIds.map((userId) => ({
          id: randomUUID(),
          userId,
          messageMeno: title,
          module: appCode,
          messageDate: at,
          importance: delivery.importance ?? 1,
          url,
          sendId,
        })),
      );
    } else {
      await this.repository.insertTodos(
        delivery.userIds.map((userId) => ({
          id: randomUUID(),
          userId,
          title,
          module: appCode,
          url,
          createdAt: at,
          sendId,
        })),
      );
    }
  }

  /** The send's open to-dos done, for the listed users or (null) everyone; answers how many. */
  completeTodos(sendId: string, userIds: readonly string[] | null, at: number): Promise<number> {
    return this.repository.completeTodos(sendId, userIds, at);
  }

  /** Sets or (null) removes users' badges on one app's icon. */
  setBadges(
    appCode: string,
    badges: readonly { userId: string; count: number | null }[],
    at: number,
  ): Promise<void> {
    return this.repository.setBadges(appCode, badges, at);
  }

  /** Per send: its messages read, or its to-dos done. */
  progress(sendIds: readonly string[]): Promise<Map<string, number>> {
    return this.repository.sendProgress(sendIds);
  }
}
