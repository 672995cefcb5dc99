/**
 * What the face tabs' paged tables (enrolled, attendance; issue 14 §2) share: a page of the
 * server's list loaded for the current query, the previous page kept while the next loads or
 * when a load fails, and the same paging and person columns under the same words.
 */
import type { TablePaginationConfig } from 'antd';
import { useEffect, useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import { useTranslation } from '../../i18n/useTranslation.ts';

export const FACE_PAGE_SIZE = 20;

interface FacePage {
  page: number;
  total: number;
}

/**
 * The answer to `load`, asked again whenever `load` or `key` changes (callers memoise `load`
 * with what it reads; `key` names the request, reloads included). `loading` while the answer
 * in hand is not the current request's.
 */
export function useFacePage<P extends FacePage>(
  key: string,
  load: () => Promise<Envelope<P>>,
): { answer: P | null; loading: boolean } {
  const [loaded, setLoaded] = useState<{ key: string; page: P | null }>();
  useEffect(() => {
    let live = true;
    void load().then(
      (reply) => {
        if (live) setLoaded((last) => ({ key, page: reply.data ?? last?.page ?? null }));
      },
      () => {
        if (live) setLoaded((last) => ({ key, page: last?.page ?? null }));
      },
    );
    return () => {
      live = false;
    };
  }, [load, key]);
  return { answer: loaded?.page ?? null, loading: loaded?.key !== key };
}

/** The table's paging: the answer's page (else the one asked for) and the total in words. */
export function useFacePagination(
  answer: FacePage | null,
  page: number,
  onChange: (page: number) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: answer?.page ?? page,
    pageSize: FACE_PAGE_SIZE,
    total: answer?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total) => t('admin.faces.total', { count: total }),
    onChange,
  };
}
