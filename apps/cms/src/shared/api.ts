/**
 * The cms calls, derived from the endpoint contracts (`@campus/contracts/cms`). The server
 * decides who may publish and who may read (user type and permission code, spec §6); these
 * only ask.
 */
import {
  CMS_DEFAULT_PAGE_SIZE,
  CMS_MAX_PAGE_SIZE,
  cmsEndpoints as E,
  type NoticeReadRow,
  type PublishNoticeBody,
} from '@campus/contracts/cms';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import type { HttpClient } from '@campus/sdk/http-core';

/** The spec §9 default page size. */
export const PAGE_SIZE = CMS_DEFAULT_PAGE_SIZE;

export const cmsApi = (http: HttpClient) => ({
  list: (start = 0) => callEndpoint(http, E.list, { query: { start, size: PAGE_SIZE } }),
  publish: (body: PublishNoticeBody) => callEndpoint(http, E.publish, { body: { ...body } }),
  reads: (start = 0) => callEndpoint(http, E.reads, { query: { start, size: PAGE_SIZE } }),
  stats: () => callEndpoint(http, E.stats),
  mine: (start = 0) => callEndpoint(http, E.mine, { query: { start, size: PAGE_SIZE } }),
  read: (noticeId: string) => callEndpoint(http, E.read, { body: { noticeId } }),
});

/**
 * Every row of the read-count table, page after page at the largest page size (what an export
 * holds, not only the page shown); null when a page could not be read (the HTTP rules of spec §8
 * told the user).
 */
export async function allReadRows(http: HttpClient): Promise<NoticeReadRow[] | null> {
  const rows: NoticeReadRow[] = [];
  for (;;) {
    const answer = await callEndpoint(http, E.reads, {
      query: { start: rows.length, size: CMS_MAX_PAGE_SIZE },
    });
    if (answer.status !== 200 || !answer.data) return null;
    rows.push(...answer.data.list);
    if (answer.data.list.length === 0 || rows.length >= answer.data.total) return rows;
  }
}
