import {
  Button,
  Card,
  ColorPicker,
  Form,
  Input,
  Popconfirm,
  Radio,
  Select,
  Space,
  Typography,
  type FormListFieldData,
} from 'antd';
import { useState } from 'react';
import {
  adminAppEndpoints,
  type AdminThemePushResult,
  type AdminThemes,
  type AdminUnitTheme,
} from '@campus/contracts/admin-apps';
import { COLOUR_SWATCHES, NAMED_THEMES, NAMED_THEME_COLORS } from '@campus/contracts/theme';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { FailureAlert, LoadedView, outcomeOf, OWN_FAILURE, useLoaded } from './access-calls.tsx';
import { AccessPage } from './AccessPage.tsx';

const MAX_THEMES = 12;

/**
 * The unit's themes (issue 13 §2; spec §2 Theme dialog custom section, §3 decorationSet
 * themeList) and the theme pushed to every user of the unit (spec §6 default_color): a named
 * theme, a swatch, or one of the unit's own colours, with the layout for a plain colour.
 */
export function ThemesPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const unitId = context.unit.unitId;
  const themes = useLoaded(`themes:${unitId}`, () =>
    outcomeOf(
      callEndpoint(http, adminAppEndpoints.themes, { query: { unitId } }, OWN_FAILURE),
      lang,
    ),
  );
  return (
    <AccessPage page="themes" intro={t('admin.themes.intro')}>
      <LoadedView loaded={themes.loaded} reload={themes.reload} testId="themes">
        {(data) => (
          <>
            <ThemeListCard unitId={unitId} themes={data} onSaved={themes.set} />
            <PushCard unitId={unitId} themes={data} />
          </>
        )}
      </LoadedView>
    </AccessPage>
  );
}

function ThemeListCard({
  unitId,
  themes,
  onSaved,
}: {
  unitId: string;
  themes: AdminThemes;
  onSaved: (themes: AdminThemes) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<{ themeList: AdminUnitTheme[] }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async ({ themeList }: { themeList?: AdminUnitTheme[] }) => {
    setSaving(true);
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.setThemes,
        {
          body: {
            unitId,
            themeList: (themeList ?? []).map((theme) => ({
              name: (theme.name ?? '').trim(),
              ...(theme.enName?.trim() ? { enName: theme.enName.trim() } : {}),
              color: theme.color,
            })),
          },
        },
        OWN_FAILURE,
      ),
      lang,
    );
    setSaving(false);
    setFailure(outcome.ok ? null : outcome.message);
    setSaved(outcome.ok);
    if (outcome.ok) onSaved(outcome.data);
  };

  const row = (field: FormListFieldData, remove: (index: number) => void) => (
    <Space key={field.key} wrap align="start" className="adm-themes__row" data-testid="themes.row">
      <Form.Item
        name={[field.name, 'name']}
        label={t('admin.themes.name')}
        rules={[{ required: true }]}
      >
        <Input maxLength={20} data-testid="themes.field.name" />
      </Form.Item>
      <Form.Item name={[field.name, 'enName']} label={t('admin.themes.enName')}>
        <Input maxLength={40} lang="en" data-testid="themes.field.enName" />
      </Form.Item>
      <Form.Item
        name={[field.name, 'color']}
        label={t('admin.themes.color')}
        getValueFromEvent={(colour: { toHexString: () => string }) =>
          colour.toHexString().slice(0, 7).toUpperCase()
        }
      >
        <ColorPicker showText disabledAlpha format="hex" />
      </Form.Item>
      <Form.Item label=" ">
        <Button danger onClick={() => remove(field.name)} data-testid="themes.remove">
          {t('admin.access.delete')}
        </Button>
      </Form.Item>
    </Space>
  );

  return (
    <Card className="adm-card" title={t('admin.themes.listTitle')} data-testid="themes.list">
      <FailureAlert message={failure} testId="themes.listError" />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ themeList: themes.themeList }}
        onValuesChange={() => setSaved(false)}
        onFinish={(values) => void submit(values)}
      >
        <Form.List name="themeList">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 ? (
                <Typography.Paragraph type="secondary">
                  {t('admin.themes.none')}
                </Typography.Paragraph>
              ) : null}
              {fields.map((field) => row(field, remove))}
              <Space wrap>
                <Button
                  disabled={fields.length >= MAX_THEMES}
                  onClick={() => add({ name: '', enName: '', color: '#457CD6' })}
                  data-testid="themes.add"
                >
                  {t('admin.themes.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="themes.save">
                  {t('admin.access.save')}
                </Button>
                {saved ? (
                  <Typography.Text
                    className="adm-access__ok"
                    role="status"
                    data-testid="themes.saved"
                  >
                    {t('admin.themes.saved')}
                  </Typography.Text>
                ) : null}
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

function PushCard({ unitId, themes }: { unitId: string; themes: AdminThemes }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [theme, setTheme] = useState<string>(NAMED_THEMES[0]);
  const [layout, setLayout] = useState<'top' | 'left'>('top');
  const [failure, setFailure] = useState<string | null>(null);
  const [pushed, setPushed] = useState<AdminThemePushResult | null>(null);
  const [pushing, setPushing] = useState(false);
  const named = (NAMED_THEMES as readonly string[]).includes(theme);

  const options = [
    {
      label: t('admin.themes.named'),
      options: NAMED_THEMES.map((name) => ({
        value: name,
        label: <Choice colour={NAMED_THEME_COLORS[name]} text={t(`admin.themes.names.${name}`)} />,
      })),
    },
    {
      label: t('admin.themes.swatches'),
      options: Object.entries(COLOUR_SWATCHES).map(([name, colour]) => ({
        value: name,
        label: (
          <Choice
            colour={colour}
            text={t(`admin.themes.names.${name as keyof typeof COLOUR_SWATCHES}`)}
          />
        ),
      })),
    },
    ...(themes.themeList.length > 0
      ? [
          {
            label: t('admin.themes.unitThemes'),
            options: themes.themeList
              .filter((own, i, all) => all.findIndex((o) => o.color === own.color) === i)
              .map((own) => ({
                value: own.color,
                label: (
                  <Choice
                    colour={own.color}
                    text={lang === 'en' && own.enName ? own.enName : own.name}
                  />
                ),
              })),
          },
        ]
      : []),
  ];

  const push = async () => {
    setPushing(true);
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.pushTheme,
        { body: { unitId, theme, ...(named ? {} : { layout }) } },
        OWN_FAILURE,
      ),
      lang,
    );
    setPushing(false);
    setFailure(outcome.ok ? null : outcome.message);
    setPushed(outcome.ok ? outcome.data : null);
  };

  return (
    <Card className="adm-card" title={t('admin.themes.pushTitle')} data-testid="themes.push">
      <Typography.Paragraph type="secondary">{t('admin.themes.pushIntro')}</Typography.Paragraph>
      <FailureAlert message={failure} testId="themes.pushError" />
      <Space wrap align="center">
        <label htmlFor="themes-choice">{t('admin.themes.theme')}</label>
        <Select
          id="themes-choice"
          className="adm-themes__choice"
          data-testid="themes.choice"
          value={theme}
          onChange={setTheme}
          options={options}
        />
        {named ? null : (
          <Radio.Group
            value={layout}
            onChange={(e) => setLayout(e.target.value as 'top' | 'left')}
            aria-label={t('admin.themes.layout')}
            options={[
              { value: 'top', label: t('admin.themes.layouts.top') },
              { value: 'left', label: t('admin.themes.layouts.left') },
            ]}
          />
        )}
        <Popconfirm
          title={t('admin.themes.pushConfirm')}
          okText={t('admin.themes.pushAction')}
          cancelText={t('admin.access.cancel')}
          onConfirm={() => void push()}
        >
          <Button type="primary" loading={pushing} data-testid="themes.pushAction">
            {t('admin.themes.pushAction')}
          </Button>
        </Popconfirm>
      </Space>
      {pushed ? (
        <Typography.Paragraph className="adm-access__ok" role="status" data-testid="themes.pushed">
          {t('admin.themes.pushed', { count: pushed.users, colour: pushed.themeColor })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

function Choice({ colour, text }: { colour: string; text: string }) {
  return (
    <span className="adm-themes__option">
      <span className="adm-themes__swatch" style={{ background: colour }} aria-hidden="true" />
      {text}
    </span>
  );
}
