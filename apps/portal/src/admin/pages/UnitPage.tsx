/**
 * The unit's settings (issue 13 §2 Units): in cards, each saved on its own through its
 * endpoint (contracts `admin-directory.ts`): the basics (names in both languages, type, parent
 * area), the logo (an image uploaded through the file service, previewed), the login page of
 * spec §3, sign-in (the spec §7 SSO URL, the ticket path of issue 12 §3), the WeCom and WeChat
 * providers, and for an area's administrator a new school under the area. Every text configured
 * here is shown as text (React escapes it), never as HTML.
 */
import { Button, Card, Form, Input, Select, Spin, Result, Typography } from 'antd';
import { useCallback, useState } from 'react';
import {
  adminDirectoryEndpoints as E,
  type AdminUnitDetail,
} from '@campus/contracts/admin-directory';
import { UnitType } from '@campus/contracts/user-types';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { ownUnit, unitKind, unitName, type AdminContext } from '../admin-rules.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { orNull, QUIET, settle, useOutcome, type Outcome } from './admin-call.ts';
import { UnitLoginPageCard } from './UnitLoginPageCard.tsx';
import { UnitLogoCard } from './UnitLogoCard.tsx';
import { UnitSignInCard, UnitSocialCard } from './UnitSignInCards.tsx';
import { useFormSave } from './useFormSave.ts';

/** What every card gets: the unit as last answered, and how to take a newer answer. */
export interface UnitCardProps {
  detail: AdminUnitDetail;
  onSaved: (detail: AdminUnitDetail) => void;
}

export function UnitPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const unitId = context.unit.unitId;
  const [attempt, setAttempt] = useState(0);
  // The answer of a save, newer than the one loaded (reset by another load).
  const [saved, setSaved] = useState<{ attempt: number; detail: AdminUnitDetail } | null>(null);
  const load = useCallback(
    () => settle(callEndpoint(http, E.unit, { params: { unitId } }, QUIET), lang),
    // `attempt`: "try again" asks once more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [http, unitId, lang, attempt],
  );
  const { outcome, loading } = useOutcome(load);
  const state: Outcome<AdminUnitDetail> | null =
    loading || !outcome
      ? null
      : outcome.ok && saved?.attempt === attempt && saved.detail.unitId === unitId
        ? { ok: true, data: saved.detail }
        : outcome;
  const onSaved = useCallback(
    (detail: AdminUnitDetail) => setSaved({ attempt, detail }),
    [attempt],
  );

  return (
    <div className="adm-page" data-testid="admin.unit">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.unit')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.unit.intro', { unit: unitName(context.unit, lang) })}
      </Typography.Paragraph>
      {state === null ? (
        <div className="adm-status">
          <Spin size="large" />
        </div>
      ) : !state.ok ? (
        <Result
          status="warning"
          title={t('admin.unit.loadFailed')}
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('admin.unit.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <UnitBasicsCard context={context} detail={state.data} onSaved={onSaved} />
          <UnitLogoCard detail={state.data} onSaved={onSaved} />
          <UnitLoginPageCard detail={state.data} onSaved={onSaved} />
          <UnitSignInCard detail={state.data} onSaved={onSaved} />
          <UnitSocialCard detail={state.data} onSaved={onSaved} />
          {isOwnArea(context) ? <UnitNewSchoolCard context={context} /> : null}
        </>
      )}
    </div>
  );
}

/** The caller's own area, in hand: only there may a school be added (the server checks too). */
function isOwnArea(context: AdminContext): boolean {
  return (
    unitKind(context.unit.unitType) === 'area' &&
    ownUnit(context.scope)?.unitId === context.unit.unitId
  );
}

interface BasicsValues {
  name: string;
  enName: string;
  unitType: number;
  areaId: string;
}

const NO_AREA = '';

function UnitBasicsCard({ context, detail, onSaved }: UnitCardProps & { context: AdminContext }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<BasicsValues>();
  const { failure, busy, save } = useFormSave(form, ['name', 'enName', 'unitType', 'areaId']);
  const own = ownUnit(context.scope);
  // Only an area's administrator may set a parent, and only to their own area.
  const areaChoices =
    own && unitKind(own.unitType) === 'area' && own.unitId !== detail.unitId
      ? [own]
      : context.scope.units.filter((u) => u.unitId === detail.parentId);

  const submit = (values: BasicsValues) =>
    save(
      callEndpoint(
        http,
        E.updateUnit,
        {
          params: { unitId: detail.unitId },
          body: {
            name: values.name.trim(),
            enName: orNull(values.enName),
            unitType: values.unitType,
            areaId: values.areaId === NO_AREA ? null : values.areaId,
          },
        },
        QUIET,
      ),
      (saved) => {
        onSaved(saved);
        return t('admin.unit.saved');
      },
    );

  return (
    <Card title={t('admin.unit.basics.title')} className="adm-card" data-testid="unit.basics">
      <Form<BasicsValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: detail.name,
          enName: detail.enName ?? '',
          unitType: detail.unitType,
          areaId: detail.parentId ?? NO_AREA,
        }}
        onFinish={(values) => void submit(values)}
      >
        <UnitNameItems testIds />
        <Form.Item name="unitType" label={t('admin.unit.basics.unitType')}>
          <Select
            data-testid="unit.unitType"
            options={[UnitType.area, UnitType.school].map((value) => ({
              value,
              label: t(`admin.unitTypes.${unitKind(value)}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="areaId" label={t('admin.unit.basics.area')}>
          <Select
            data-testid="unit.area"
            options={[
              { value: NO_AREA, label: t('admin.unit.basics.noArea') },
              ...areaChoices.map((u) => ({ value: u.unitId, label: unitName(u, lang) })),
              // A parent outside the caller's scope: kept, shown by the name the server answers.
              ...(detail.parentId && !areaChoices.some((u) => u.unitId === detail.parentId)
                ? [
                    {
                      value: detail.parentId,
                      label: detail.parent ? unitName(detail.parent, lang) : detail.parentId,
                    },
                  ]
                : []),
            ]}
          />
        </Form.Item>
        <FailureAlert message={failure} testId="unit.basics.error" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="unit.basics.save">
          {t('admin.unit.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface SchoolValues {
  name: string;
  enName: string;
}

function UnitNewSchoolCard({ context }: { context: AdminContext }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<SchoolValues>();
  const { failure, busy, save } = useFormSave(form, ['name', 'enName']);

  const submit = (values: SchoolValues) =>
    save(
      callEndpoint(
        http,
        E.createSchool,
        {
          body: {
            areaId: context.unit.unitId,
            name: values.name.trim(),
            enName: orNull(values.enName),
          },
        },
        QUIET,
      ),
      (school) => {
        form.resetFields();
        // The new school is the caller's too: into the unit switcher at once.
        void context.refreshScope?.();
        return t('admin.unit.newSchool.created', { name: unitName(school, lang) });
      },
    );

  return (
    <Card title={t('admin.unit.newSchool.title')} className="adm-card" data-testid="unit.newSchool">
      <Typography.Paragraph type="secondary">{t('admin.unit.newSchool.hint')}</Typography.Paragraph>
      <Form<SchoolValues>
        form={form}
        // Its own field ids (`newSchool_name`), not the basics card's: each label names its input.
        name="newSchool"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <UnitNameItems />
        <FailureAlert message={failure} testId="unit.newSchool.error" />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('admin.unit.newSchool.create')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * A unit's names in both languages, as the basics card edits them and a new school is given
 * them: the same labels, limits and rule. `testIds`: the basics card's test ids on the inputs.
 */
function UnitNameItems({ testIds = false }: { testIds?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('admin.unit.basics.name')}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('admin.unit.required', { field: t('admin.unit.basics.name') }),
          },
        ]}
      >
        <Input maxLength={200} data-testid={testIds ? 'unit.name' : undefined} />
      </Form.Item>
      <Form.Item name="enName" label={t('admin.unit.basics.enName')}>
        <Input maxLength={300} lang="en" data-testid={testIds ? 'unit.enName' : undefined} />
      </Form.Item>
    </>
  );
}
