/**
 * The app an access page works on (roles, versions; issue 13 §2): the unit's app catalogue
 * loaded, a labelled picker of its apps (the CMS first chosen, else the first app), and the
 * page's body for the app chosen and whether the caller may change what is shared.
 */
import { Select, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import type { AdminApp } from '@campus/contracts/admin-apps';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { appName, LoadedView, useCatalogue } from './access-calls.tsx';

export function CatalogueAppPicker({
  unitId,
  page,
  children,
}: {
  unitId: string;
  /** Names the picker's ids and test ids (`<page>-app`, `<page>.app`). */
  page: 'roles' | 'versions';
  /** `app`: none while the catalogue has no app. */
  children: (app: AdminApp | undefined, editable: boolean) => ReactNode;
}) {
  const { t, lang } = useTranslation();
  const catalogue = useCatalogue(unitId);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <LoadedView loaded={catalogue.loaded} reload={catalogue.reload} testId={page}>
      {({ apps, editable }) => {
        const appCode = chosen ?? apps.find((a) => a.code === 'cms')?.code ?? apps[0]?.code;
        return (
          <>
            <Space wrap className="adm-access__bar">
              <label htmlFor={`${page}-app`}>{t('admin.access.app')}</label>
              <Select
                id={`${page}-app`}
                className="adm-access__app"
                data-testid={`${page}.app`}
                value={appCode}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={setChosen}
                options={apps.map((a) => ({ value: a.code, label: appName(a, lang) }))}
              />
            </Space>
            {children(
              apps.find((a) => a.code === appCode),
              editable,
            )}
          </>
        );
      }}
    </LoadedView>
  );
}
