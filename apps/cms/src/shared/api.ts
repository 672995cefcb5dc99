/**
 * The cms calls. The server decides who may publish and who may read (user type and
 * permission code, spec §6); these only ask.
 */
import type { HttpClient } from '@campus/sdk/http-core';
import {
  CMS_DEFAULT_PAGE_SIZE,
  type CmsStats,
  type MyNotices,
  type NoticeList,
  type NoticeReadTable,
  type NoticeSummary,
  type PublishNoticeBody,
  type ReadNoticeResult,
} from '@campus/contracts/cms';

export const CMS_PATHS = {
  list: '/api/cms/notice/list',
  publish: '/api/cms/notice/publish',
  reads: '/api/cms/notice/reads',
  stats: '/api/cms/stats',
  mine: '/api/cms/notice/mine',
  read: '/api/cms/notice/read',
} as const;

/** The spec §9 default page size. */
export const PAGE_SIZE = CMS_DEFAULT_PAGE_SIZE;

export const cmsApi = (http: HttpClient) => ({
  list: (start = 0) => http.get<NoticeList>(CMS_PATHS.list, { start, size: PAGE_SIZE }),
  publish: (body: PublishNoticeBody) => http.post<NoticeSummary>(CMS_PATHS.publish, { ...body }),
  reads: (start = 0) => http.get<NoticeReadTable>(CMS_PATHS.reads, { start, size: PAGE_SIZE }),
  stats: () => http.get<CmsStats>(CMS_PATHS.stats),
  mine: (start = 0) => http.get<MyNotices>(CMS_PATHS.mine, { start, size: PAGE_SIZE }),
  read: (noticeId: string) => http.post<ReadNoticeResult>(CMS_PATHS.read, { noticeId }),
});
