// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import type { PermissionCodes } from '@campus/sdk/permissions';
import { Permission, PermissionProvider, usePermission } from './Permission.tsx';

const mount = mountPerTest();
const render = (node: ReactNode) => mount.render(node);
const publishButton = () => mount.container.querySelector('[data-testid="cms.publish"]');
const PUBLISH = <button data-testid="cms.publish">x</button>;

describe('<Permission> (spec §6 permission directive)', () => {
  it('spec §6: a single code: kept when held, removed from the DOM when not', async () => {
    await render(
      <PermissionProvider codes={{ 'cms:publish': true }}>
        <Permission code="cms:publish">{PUBLISH}</Permission>
      </PermissionProvider>,
    );
    expect(publishButton()).not.toBeNull();

    await render(
      <PermissionProvider codes={{ 'cms:read': true }}>
        <Permission code="cms:publish">{PUBLISH}</Permission>
      </PermissionProvider>,
    );
    expect(publishButton()).toBeNull();
    // Removed, not hidden: nothing at all is left in its place.
    expect(mount.container.innerHTML).toBe('');
  });

  it('spec §6: any of a list: kept when one code is held, removed when none is', async () => {
    const list = ['cms:edit', 'cms:publish'];
    await render(
      <Permission codes={{ 'cms:publish': true }} anyOf={list}>
        {PUBLISH}
      </Permission>,
    );
    expect(publishButton()).not.toBeNull();

    await render(
      <Permission codes={{ 'cms:read': true }} anyOf={list}>
        {PUBLISH}
      </Permission>,
    );
    expect(publishButton()).toBeNull();

    await render(
      <Permission codes={{ 'cms:publish': true }} anyOf={[]}>
        {PUBLISH}
      </Permission>,
    );
    expect(publishButton()).toBeNull();
  });

  it('spec §3/§6: a falsy codeKeys value or a prototype key does not permit', async () => {
    await render(
      <PermissionProvider codes={{ 'cms:publish': false }}>
        <Permission code="cms:publish">{PUBLISH}</Permission>
        <Permission code="constructor">
          <i data-testid="cms.proto" />
        </Permission>
      </PermissionProvider>,
    );
    expect(mount.container.innerHTML).toBe('');
  });

  it('spec §6: without a provider or codes nothing is permitted (fails closed)', async () => {
    await render(<Permission code="cms:publish">{PUBLISH}</Permission>);
    expect(publishButton()).toBeNull();
  });

  it('spec §6: the codes prop overrides the provider', async () => {
    await render(
      <PermissionProvider codes={{ 'cms:publish': true }}>
        <Permission code="cms:publish" codes={{}}>
          {PUBLISH}
        </Permission>
      </PermissionProvider>,
    );
    expect(publishButton()).toBeNull();
  });

  it('spec §6: children appear and disappear when the codes change', async () => {
    const tree = (codes: PermissionCodes) => (
      <PermissionProvider codes={codes}>
        <Permission code="cms:publish">{PUBLISH}</Permission>
      </PermissionProvider>
    );
    await render(tree({}));
    expect(publishButton()).toBeNull();
    await render(tree({ 'cms:publish': true }));
    expect(publishButton()).not.toBeNull();
    await render(tree({}));
    expect(publishButton()).toBeNull();
  });
});

describe('usePermission (spec §6)', () => {
  function Probe({ required }: { required: string | readonly string[] }) {
    return <p>{String(usePermission(required))}</p>;
  }

  it('spec §6: one code or any of a list, from the provider', async () => {
    const codes = { 'cms:read': 1, 'cms:publish': 0 };
    const cases: [string | readonly string[], string][] = [
      ['cms:read', 'true'],
      ['cms:publish', 'false'],
      ['cms:missing', 'false'],
      [['cms:missing', 'cms:read'], 'true'],
      [['cms:missing', 'cms:publish'], 'false'],
      [[], 'false'],
    ];
    for (const [required, expected] of cases) {
      await render(
        <PermissionProvider codes={codes}>
          <Probe required={required} />
        </PermissionProvider>,
      );
      expect(mount.container.textContent, JSON.stringify(required)).toBe(expected);
    }
  });

  it('spec §6: false without a provider', async () => {
    await render(<Probe required="cms:read" />);
    expect(mount.container.textContent).toBe('false');
  });
});
