/**
 * Who may administer what (issue 13 §1, DESIGN.md §10): a user holding the base-admin role of
 * their unit administers that unit; when that unit is an area, also every unit under it. Every
 * /api/admin/… call asks this again on the server: the console's filtered menus are a
 * convenience, never the check.
 */
import type { AdminScope, AdminUnit } from '@campus/contracts/admin';
import { isArea } from '@campus/contracts/user-types';
import { forbidden } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { BaseService } from '../base/base.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { UnitRecord } from '../uaa/uaa.repository.ts';
import type { SessionUser } from '../uaa/session.service.ts';

const notAnAdmin = () =>
  forbidden(
    bilingual(
      '只有本单位的管理员可以使用管理后台',
      'Only an administrator of this unit may use the console',
    ),
  );

const outsideScope = () =>
  forbidden(bilingual('不能管理不属于您的单位', 'You cannot administer a unit outside your own'));

function toAdminUnit(unit: UnitRecord): AdminUnit {
  return {
    unitId: unit.id,
    name: unit.name,
    enName: unit.enName,
    unitType: unit.unitType,
    parentId: unit.parentId,
  };
}

export class AdminAccess {
  constructor(
    private readonly base: Pick<BaseService, 'holdsBaseAdminRole'>,
    private readonly directory: Pick<DirectoryService, 'findUnit' | 'unitsUnder'>,
  ) {}

  /** The caller's scope; refuses (403) anyone without the base-admin role. */
  async scope(user: SessionUser): Promise<AdminScope> {
    if (!(await this.base.holdsBaseAdminRole(user.userId))) throw notAnAdmin();
    const own = await this.directory.findUnit(user.unitId);
    if (!own) throw notAnAdmin();
    const under = isArea(own.unitType) ? await this.directory.unitsUnder(own.id) : [];
    return { units: [own, ...under].map(toAdminUnit) };
  }

  /** Refuses (403) unless the caller administers `unitId`; answers that unit. */
  async assertManages(user: SessionUser, unitId: string): Promise<AdminUnit> {
    const { units } = await this.scope(user);
    const unit = units.find((u) => u.unitId === unitId);
    if (!unit) throw outsideScope();
    return unit;
  }
}
