import { useEffect, useState } from 'react';
import type { Child } from '@campus/contracts/family';
import type { MeData } from '@campus/contracts/uaa';
import { chooseChild, listChildren } from '@campus/sdk/account-calls';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { NoData } from '../../components/NoData.tsx';
import { chromeDialogs, useChrome } from '../chrome-env.ts';

/**
 * The choose-child table (spec §2 Other dialogs, §3 Child, §6 "Parents pick a child"): name,
 * grade and class with an enter action. Entering re-scopes the session: the server keeps the
 * choice and /me is read again, so every part of the page (the desktop's widgets, a sub-app's
 * pages) follows the new current child.
 */
export function ChooseChildDialog({ me, onClose }: { me: MeData; onClose: () => void }) {
  const { t, lang, http, session, DialogFrame } = useChrome();
  const Frame = DialogFrame ?? LightDialogFrame;
  const [entering, setEntering] = useState<string | null>(null);
  const [listed, setListed] = useState<Child[] | null>(null);
  useEffect(() => {
    let live = true;
    void listChildren(http, me.userId)
      .catch((): Child[] => [])
      .then((list) => {
        if (live) setListed(list);
      });
    return () => {
      live = false;
    };
  }, [http, me.userId]);
  // /me already lists the children (spec §3 chirdenList); shown until the call answers.
  const children = listed ?? me.chirdenList;

  const enter = async (child: Child) => {
    setEntering(child.id);
    const done = await chooseChild({ http, session }, me.userId, child).catch(() => false);
    setEntering(null);
    if (!done) return;
    chromeDialogs.flash({
      text: t('dialogs.child.entered', { name: child.realName }),
      testId: 'child.entered',
    });
    onClose();
  };

  return (
    <Frame
      width={560}
      lang={lang}
      testId="childDialog"
      onClose={onClose}
      title={t('dialogs.child.title')}
      footer={
        <div className="ph-chrome-dialog-footer">
          <button type="button" className="ph-button" onClick={onClose} data-testid="child.close">
            {t('dialogs.common.close')}
          </button>
        </div>
      }
    >
      <div data-testid="child.dialog">
        {children.length === 0 && listed !== null ? (
          <NoData type="default" lang={lang} text={t('dialogs.child.empty')} />
        ) : (
          <table className="ph-chrome-table">
            <thead>
              <tr>
                <th scope="col">{t('dialogs.child.name')}</th>
                <th scope="col">{t('dialogs.child.grade')}</th>
                <th scope="col">{t('dialogs.child.class')}</th>
                <th scope="col" className="ph-chrome-table__end">
                  {t('dialogs.child.action')}
                </th>
              </tr>
            </thead>
            <tbody>
              {children.map((child) => {
                const current = child.id === me.chirdenId;
                return (
                  <tr
                    key={child.id}
                    data-testid="child.row"
                    data-current={current ? 'true' : 'false'}
                  >
                    <td>
                      <span data-testid="child.name">{child.realName}</span>
                      {current ? (
                        <span className="ph-chrome-tag" data-testid="child.current">
                          {t('dialogs.child.current')}
                        </span>
                      ) : null}
                    </td>
                    <td>{child.gradeName}</td>
                    <td>{child.className}</td>
                    <td className="ph-chrome-table__end">
                      <button
                        type="button"
                        className={current ? 'ph-button' : 'ph-button ph-button--primary'}
                        aria-busy={entering === child.id}
                        disabled={entering !== null}
                        onClick={() => void enter(child)}
                        aria-label={t('dialogs.child.enterLabel', { name: child.realName })}
                        data-testid="child.enter"
                      >
                        {t('dialogs.child.enter')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </Frame>
  );
}
