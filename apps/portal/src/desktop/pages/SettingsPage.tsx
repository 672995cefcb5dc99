import { App, Button, Radio, Switch } from 'antd';
import { useState } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import type { Language } from '@campus/sdk/language';
import { switchLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { chromeDialogs } from '@campus/ui/chrome-env';
import { desktopDialogs } from '../common/dialog-store.ts';
import { UNIT_MODULES } from '@campus/ui/unit-modules';
import { roleKeyOf } from './welcome.ts';
import { useLoad } from '@campus/ui/useLoad';
import { dataOf, useDesktopApi } from '../common/desktop-data.ts';
import { Widget } from '../common/Widget.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { SocialBindingsCard } from './SocialBindingsCard.tsx';
import { FaceCard } from './FaceCard.tsx';

/** Spec §1, §6: parents (user type 3) have children to pick from. */
const PARENT = 3;

/**
 * The settings pages (spec §2 desktop/setting and areaDesktop/setting; the post-login redirect
 * is skipped there, spec §4): language, a shortcut to the theme dialog, the left-layout lock
 * (kept per user, spec §2), the desktop client download and the account's details.
 */
export function SettingsPage({ me, area }: { me: MeData; area: boolean }) {
  const { t, lang } = useTranslation();
  const { storage } = useRuntime();
  const unitName = lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName;
  const facts = [
    { key: 'name', label: t('pages.setting.name'), value: me.realName },
    { key: 'account', label: t('pages.setting.account'), value: me.loginName },
    { key: 'role', label: t('pages.setting.role'), value: t(roleKeyOf(me.userType)) },
    {
      key: 'unit',
      label: area ? t('pages.setting.area') : t('pages.setting.unit'),
      value: unitName,
    },
  ];
  const child = me.userType === PARENT ? me.currentChirden : null;

  return (
    <div className="dp-setting" data-testid={area ? 'page.areaSetting' : 'page.setting'}>
      <h1 className="dp-page-title">
        {area ? t('pages.setting.areaTitle') : t('pages.setting.title')}
      </h1>
      <div className="dp-grid dp-grid--two">
        <Widget title={t('pages.setting.display')} testId="setting.displayCard">
          <div className="dp-field">
            <span className="dp-field__label" id="setting-lang">
              {t('pages.setting.language')}
            </span>
            <Radio.Group
              aria-labelledby="setting-lang"
              optionType="button"
              value={lang}
              onChange={(event) => void switchLanguage(event.target.value as Language, storage)}
              data-testid="setting.lang"
              options={[
                { value: 'zh-CN', label: <span lang="zh-CN">{t('pages.setting.langZh')}</span> },
                { value: 'en', label: <span lang="en">{t('pages.setting.langEn')}</span> },
              ]}
            />
          </div>
          <div className="dp-field">
            <span className="dp-field__label">{t('pages.setting.theme')}</span>
            <span className="dp-field__value">
              <span
                className="dp-swatch"
                style={{
                  background: /^#[0-9a-f]{3,6}$/i.test(me.themeColor) ? me.themeColor : undefined,
                }}
                aria-hidden="true"
              />
              <Button onClick={() => chromeDialogs.open('theme')} data-testid="setting.theme">
                {t('pages.setting.changeTheme')}
              </Button>
            </span>
          </div>
          <LayoutLock />
        </Widget>
        <Widget title={t('pages.setting.accountInfo')} testId="setting.accountCard">
          <dl className="dp-facts">
            {facts.map((fact) => (
              <div key={fact.key} className="dp-facts__row">
                <dt>{fact.label}</dt>
                <dd data-testid={`setting.${fact.key}`}>{fact.value}</dd>
              </div>
            ))}
            {child ? (
              <div className="dp-facts__row">
                <dt>{t('pages.setting.child')}</dt>
                <dd data-testid="setting.child">
                  {child.realName}
                  {me.chirdenList.length > 1 ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => chromeDialogs.open('chooseChild')}
                      data-testid="setting.switchChild"
                    >
                      {t('pages.home.switchChild')}
                    </Button>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>
        </Widget>
        <Widget title={t('pages.setting.client')} testId="setting.clientCard">
          <p className="dp-muted">{t('pages.setting.clientText')}</p>
          <Button
            onClick={() => desktopDialogs.open('downloadClient')}
            data-testid="setting.download"
          >
            {t('pages.setting.download')}
          </Button>
        </Widget>
        <ChangePasswordCard />
        <SocialBindingsCard />
        <FaceCard userId={me.userId} />
        {me.userType === PARENT ? null : (
          <Widget title={t('pages.setting.modules')} testId="setting.modulesCard">
            <p className="dp-muted">{t('pages.setting.modulesText')}</p>
            <Button
              onClick={() => chromeDialogs.open('moduleExpiry', UNIT_MODULES)}
              data-testid="setting.modules"
            >
              {t('pages.setting.showModules')}
            </Button>
          </Widget>
        )}
      </div>
    </div>
  );
}

/** The left-layout lock (spec §2 Left layout: kept per user on the server). */
function LayoutLock() {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const { message: toast } = App.useApp();
  const lock = useLoad('leftLock', () => dataOf(api.leftLock()));
  const [saving, setSaving] = useState<boolean | null>(null);
  const locked = saving ?? lock.data?.locked ?? false;

  const change = async (next: boolean) => {
    setSaving(next);
    const saved = await dataOf(api.setLeftLock(next));
    setSaving(null);
    if (saved) {
      lock.reload();
      void toast.success({ content: t('pages.setting.saved'), duration: 2 });
    }
  };

  return (
    <div className="dp-field">
      <span className="dp-field__label" id="setting-lock">
        {t('pages.setting.layoutLock')}
      </span>
      <span className="dp-field__value">
        <Switch
          aria-labelledby="setting-lock"
          checked={locked}
          loading={lock.loading || saving !== null}
          onChange={(next) => void change(next)}
          data-testid="setting.lock"
        />
        <span className="dp-muted">{t('pages.setting.layoutLockHint')}</span>
      </span>
    </div>
  );
}
