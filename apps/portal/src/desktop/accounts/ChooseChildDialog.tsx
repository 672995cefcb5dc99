import { App, Button, Modal, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import type { Child } from '@campus/contracts/family';
import type { MeData } from '@campus/contracts/uaa';
import { chooseChild, listChildren } from '@campus/sdk/account-calls';
import { NoData } from '@campus/ui/NoData';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { useLoad } from '../common/desktop-data.ts';

/**
 * The choose-child table (spec §2 Other dialogs, §3 Child, §6 "Parents pick a child"): name,
 * grade and class with an enter action. Entering re-scopes the session: the server keeps the
 * choice and /me is read again, so every part of the desktop follows the new current child.
 */
export function ChooseChildDialog({ me, onClose }: { me: MeData; onClose: () => void }) {
  const { t, lang } = useTranslation();
  const { http, session } = useRuntime();
  const { message: toast } = App.useApp();
  const [entering, setEntering] = useState<string | null>(null);
  const loaded = useLoad(`children:${me.userId}`, async () => {
    try {
      return await listChildren(http, me.userId);
    } catch {
      return [];
    }
  });
  // /me already lists the children (spec §3 chirdenList); shown until the call answers.
  const children = loaded.data ?? me.chirdenList;

  const enter = async (child: Child) => {
    setEntering(child.id);
    const done = await chooseChild({ http, session }, me.userId, child).catch(() => false);
    setEntering(null);
    if (!done) return;
    void toast.success({
      content: (
        <span data-testid="child.entered">
          {t('dialogs.child.entered', { name: child.realName })}
        </span>
      ),
      duration: 2,
    });
    onClose();
  };

  return (
    <Modal
      open
      width={560}
      centered
      mask={{ closable: false }}
      onCancel={onClose}
      className="dd-modal"
      title={t('dialogs.child.title')}
      footer={
        <Button onClick={onClose} data-testid="child.close">
          {t('dialogs.common.close')}
        </Button>
      }
    >
      <div data-testid="child.dialog">
        {children.length === 0 && !loaded.loading ? (
          <NoData type="default" lang={lang} text={t('dialogs.child.empty')} />
        ) : (
          <Table<Child>
            size="small"
            rowKey="id"
            pagination={false}
            loading={loaded.loading && children.length === 0}
            dataSource={children}
            onRow={(child) =>
              ({
                'data-testid': 'child.row',
                'data-current': child.id === me.chirdenId ? 'true' : 'false',
              }) as HTMLAttributes<HTMLElement>
            }
            columns={[
              {
                key: 'name',
                title: t('dialogs.child.name'),
                render: (_, child) => (
                  <span className="dd-child__name">
                    <span data-testid="child.name">{child.realName}</span>
                    {child.id === me.chirdenId ? (
                      <Tag color="blue" className="dd-child__current" data-testid="child.current">
                        {t('dialogs.child.current')}
                      </Tag>
                    ) : null}
                  </span>
                ),
              },
              { key: 'grade', title: t('dialogs.child.grade'), dataIndex: 'gradeName' },
              { key: 'class', title: t('dialogs.child.class'), dataIndex: 'className' },
              {
                key: 'enter',
                title: t('dialogs.child.action'),
                align: 'right',
                render: (_, child) => (
                  <Button
                    type={child.id === me.chirdenId ? 'default' : 'primary'}
                    size="small"
                    loading={entering === child.id}
                    disabled={entering !== null && entering !== child.id}
                    onClick={() => void enter(child)}
                    aria-label={t('dialogs.child.enterLabel', { name: child.realName })}
                    data-testid="child.enter"
                  >
                    {t('dialogs.child.enter')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
