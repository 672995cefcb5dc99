/**
 * The login page configuration of spec §3 (Unit login page config) as issue 13 §2 lists it:
 * footer text and link, copyright, filing entries, help centre, the unit's themes and
 * autologin, saved together (`setLoginPage`). The footer is plain text: the login page shows it
 * as written, and so does this form.
 */
import { Button, Card, Col, ColorPicker, Form, Input, Row, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import {
  adminDirectoryEndpoints as E,
  FILING_ENTRIES_MAX,
  UNIT_THEMES_MAX,
  type AdminLoginPage,
  type AdminUnitDetail,
} from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { orNull, QUIET } from './admin-call.ts';
import { useFormSave } from './useFormSave.ts';
import type { UnitCardProps } from './UnitPage.tsx';

interface LoginPageValues {
  footer: string;
  footerLink: string;
  copyright: string;
  footerShow: boolean;
  helpCenter: boolean;
  filingShow: boolean;
  autologin: boolean;
  filings: { baContent: string; baUrl: string; baImg: string; showImg: boolean }[];
  themeList: { name: string; enName: string; color: string }[];
}

const FIELDS = ['footer', 'footerLink', 'copyright', 'filings', 'themeList'] as const;

/** The form's values of a unit's login page (none as empty text). */
export function loginPageValues(page: AdminUnitDetail['loginPage']): LoginPageValues {
  return {
    footer: page.footer ?? '',
    footerLink: page.footerLink ?? '',
    copyright: page.copyright ?? '',
    footerShow: page.footerShow,
    helpCenter: page.helpCenter,
    filingShow: page.filingShow,
    autologin: page.autologin,
    filings: page.filings.map((f) => ({
      baContent: f.baContent,
      baUrl: f.baUrl ?? '',
      baImg: f.baImg ?? '',
      showImg: f.showImg,
    })),
    themeList: page.themeList.map((theme) => ({
      name: theme.name,
      enName: theme.enName ?? '',
      color: theme.color,
    })),
  };
}

/** The body of `setLoginPage` from the form (empty text as none). */
export function loginPageBody(values: LoginPageValues): AdminLoginPage {
  return {
    footer: orNull(values.footer),
    footerLink: orNull(values.footerLink),
    copyright: orNull(values.copyright),
    footerShow: values.footerShow,
    helpCenter: values.helpCenter,
    filingShow: values.filingShow,
    autologin: values.autologin,
    filings: (values.filings ?? []).map((f) => ({
      baContent: f.baContent?.trim() ?? '',
      baUrl: orNull(f.baUrl),
      baImg: orNull(f.baImg),
      showImg: Boolean(f.showImg),
    })),
    themeList: (values.themeList ?? []).map((theme) => ({
      name: theme.name?.trim() ?? '',
      enName: orNull(theme.enName),
      color: theme.color,
    })),
  };
}

export function UnitLoginPageCard({ detail, onSaved }: UnitCardProps) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<LoginPageValues>();
  const { failure, busy, save } = useFormSave(form, FIELDS);

  const submit = (values: LoginPageValues) =>
    save(
      callEndpoint(
        http,
        E.setLoginPage,
        { params: { unitId: detail.unitId }, body: loginPageBody(values) },
        QUIET,
      ),
      (saved) => {
        onSaved(saved);
        form.setFieldsValue(loginPageValues(saved.loginPage));
        return t('admin.unit.saved');
      },
    );

  // A row's first text is required, and not blank.
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('admin.unit.required', { field }) },
  ];

  const switchItem = (name: keyof LoginPageValues, label: string) => (
    <Col xs={24} md={12}>
      <Form.Item style={{ marginBottom: 12 }}>
        <Space>
          <Form.Item name={name} valuePropName="checked" noStyle>
            <Switch id={`unit-login-${name}`} data-testid={`unit.login.${name}`} />
          </Form.Item>
          <label htmlFor={`unit-login-${name}`}>{label}</label>
        </Space>
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('admin.unit.loginPage.title')} className="adm-card" data-testid="unit.loginPage">
      <Form<LoginPageValues>
        form={form}
        layout="vertical"
        initialValues={loginPageValues(detail.loginPage)}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="footer"
              label={t('admin.unit.loginPage.footer')}
              extra={t('admin.unit.loginPage.footerHint')}
            >
              <Input data-testid="unit.login.footer" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="footerLink" label={t('admin.unit.loginPage.footerLink')}>
              <Input inputMode="url" placeholder="https://" data-testid="unit.login.footerLink" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="copyright" label={t('admin.unit.loginPage.copyright')}>
              <Input data-testid="unit.login.copyright" />
            </Form.Item>
          </Col>
          {switchItem('footerShow', t('admin.unit.loginPage.footerShow'))}
          {switchItem('helpCenter', t('admin.unit.loginPage.helpCenter'))}
          {switchItem('filingShow', t('admin.unit.loginPage.filingShow'))}
          {switchItem('autologin', t('admin.unit.loginPage.autologin'))}
        </Row>

        <ListFieldset
          name="filings"
          legend={t('admin.unit.loginPage.filings')}
          rowTestId="unit.login.filing"
          max={FILING_ENTRIES_MAX}
          blank={{ baContent: '', baUrl: '', baImg: '', showImg: false }}
          addLabel={t('admin.unit.loginPage.addFiling')}
          row={(name, removeLink) => (
            <>
              <Col xs={24} md={7}>
                <Form.Item
                  name={[name, 'baContent']}
                  rules={required(t('admin.unit.loginPage.filingContent'))}
                >
                  <Input
                    placeholder={t('admin.unit.loginPage.filingContent')}
                    aria-label={t('admin.unit.loginPage.filingContent')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[name, 'baUrl']}>
                  <Input
                    placeholder={t('admin.unit.loginPage.filingUrl')}
                    aria-label={t('admin.unit.loginPage.filingUrl')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[name, 'baImg']}>
                  <Input
                    placeholder={t('admin.unit.loginPage.filingImg')}
                    aria-label={t('admin.unit.loginPage.filingImg')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={5}>
                <Space>
                  <Form.Item name={[name, 'showImg']} valuePropName="checked" noStyle>
                    <Switch aria-label={t('admin.unit.loginPage.filingShowImg')} />
                  </Form.Item>
                  {removeLink}
                </Space>
              </Col>
            </>
          )}
        />

        <ListFieldset
          name="themeList"
          legend={t('admin.unit.loginPage.themes')}
          rowTestId="unit.login.theme"
          max={UNIT_THEMES_MAX}
          blank={{ name: '', enName: '', color: '#1677ff' }}
          addLabel={t('admin.unit.loginPage.addTheme')}
          row={(name, removeLink) => (
            <>
              <Col xs={24} md={8}>
                <Form.Item
                  name={[name, 'name']}
                  rules={required(t('admin.unit.loginPage.themeName'))}
                >
                  <Input
                    placeholder={t('admin.unit.loginPage.themeName')}
                    aria-label={t('admin.unit.loginPage.themeName')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={[name, 'enName']}>
                  <Input
                    lang="en"
                    placeholder={t('admin.unit.loginPage.themeEnName')}
                    aria-label={t('admin.unit.loginPage.themeEnName')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Space>
                  <Form.Item
                    name={[name, 'color']}
                    getValueFromEvent={(color: { toHexString: () => string }) =>
                      color.toHexString()
                    }
                    noStyle
                  >
                    <ColorPicker showText disabledAlpha format="hex" />
                  </Form.Item>
                  {removeLink}
                </Space>
              </Col>
            </>
          )}
        />

        <FailureAlert message={failure} testId="unit.loginPage.error" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="unit.loginPage.save">
          {t('admin.unit.save')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * One of the form's lists (filings, themes): a titled fieldset of rows, each given its own
 * columns by `row` with the link that removes it, and a button that adds a `blank` row while
 * fewer than `max` stand.
 */
function ListFieldset({
  name,
  legend,
  rowTestId,
  max,
  blank,
  addLabel,
  row,
}: {
  name: 'filings' | 'themeList';
  legend: string;
  rowTestId: string;
  max: number;
  blank: LoginPageValues['filings'][number] | LoginPageValues['themeList'][number];
  addLabel: string;
  row: (name: number, removeLink: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="adm-fieldset" style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
      <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>{legend}</legend>
      <Form.List name={name}>
        {(items, { add, remove }) => (
          <>
            {items.map(({ key, name: index }) => (
              <Row gutter={8} key={key} align="top" data-testid={rowTestId}>
                {row(
                  index,
                  <Button type="link" onClick={() => remove(index)}>
                    {t('admin.unit.loginPage.remove')}
                  </Button>,
                )}
              </Row>
            ))}
            <Button type="dashed" disabled={items.length >= max} onClick={() => add(blank)}>
              {addLabel}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
