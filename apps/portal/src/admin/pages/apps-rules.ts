/**
 * The Apps page's rules, pure so they are tested without a browser (issue 13 §2 Apps): the
 * catalogue shown group by group, a move up or down as the whole order the arrange call takes,
 * the form's values as the register/edit body, and an envelope read as what the page shows.
 */
import type {
  AdminApp,
  AdminAppArrangeBody,
  AdminAppBody,
  AdminAppCatalogue,
  AdminAppGroup,
} from '@campus/contracts/admin-apps';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { splitBilingual, type Language } from '@campus/sdk/language';

/** One group of the table: the group (or, for an app naming no known group, its code alone). */
export interface AppGroupRows {
  group: AdminAppGroup;
  apps: AdminApp[];
}

const bySort = <T extends { sort: number; code: string }>(a: T, b: T) =>
  a.sort - b.sort || a.code.localeCompare(b.code);

/**
 * The catalogue group by group, each in menu order (spec §3 App group: groups by their `sort`,
 * apps by theirs). An app whose group is unknown still shows, under its group's code.
 */
export function groupApps(catalogue: Pick<AdminAppCatalogue, 'groups' | 'apps'>): AppGroupRows[] {
  const groups = [...catalogue.groups].sort(bySort);
  for (const app of catalogue.apps) {
    if (!groups.some((g) => g.code === app.groupCode)) {
      groups.push({ code: app.groupCode, name: app.groupCode, enName: app.groupCode, sort: 1e9 });
    }
  }
  return groups.map((group) => ({
    group,
    apps: catalogue.apps.filter((app) => app.groupCode === group.code).sort(bySort),
  }));
}

/** A group's name in the page language. */
export function groupName(group: AdminAppGroup, lang: Language): string {
  return lang === 'en' && group.enName ? group.enName : group.name;
}

/** An app's name in the page language (spec §2: English names when en). */
export function appName(app: Pick<AdminApp, 'name' | 'englishName'>, lang: Language): string {
  return lang === 'en' && app.englishName ? app.englishName : app.name;
}

/**
 * The whole order after moving one app a place up (-1) or down (+1) inside its group, as the
 * arrange call takes it (every app once, in menu order); undefined when it cannot move.
 */
export function moveApp(
  rows: readonly AppGroupRows[],
  code: string,
  by: -1 | 1,
): AdminAppArrangeBody['apps'] | undefined {
  const next = rows.map((row) => row.apps.map((app) => app.code));
  for (let index = 0; index < rows.length; index++) {
    const codes = next[index] ?? [];
    const at = codes.indexOf(code);
    if (at < 0) continue;
    const to = at + by;
    if (to < 0 || to >= codes.length) return undefined;
    [codes[at], codes[to]] = [codes[to] ?? code, code];
    return rows.flatMap((r, i) =>
      (i === index ? codes : r.apps.map((a) => a.code)).map((c) => ({
        code: c,
        groupCode: r.group.code,
      })),
    );
  }
  return undefined;
}

/** The user types of spec §1, as the form's checkboxes offer them. */
export const USER_TYPES = [1, 2, 3, 4] as const;

/** What the register/edit form holds (user types as lists, the rest as typed). */
export interface AppFormValues {
  code: string;
  groupCode: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  serverId: string;
  deployPath?: string | null;
  menuRoute?: string | null;
  frontUserType: number[];
  limitUserType: number[];
  iconColor: string;
}

/** '1,2,4' → [1, 2, 4], unknown entries dropped. */
export function userTypesOf(list: string): number[] {
  return list
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => (USER_TYPES as readonly number[]).includes(n));
}

export function formValuesOf(app: AdminApp): AppFormValues {
  return {
    code: app.code,
    groupCode: app.groupCode,
    name: app.name,
    shortName: app.shortName,
    englishName: app.englishName,
    englishShortName: app.englishShortName,
    serverId: app.serverId,
    deployPath: app.deployPath ?? '',
    menuRoute: app.menuRoute ?? '',
    frontUserType: userTypesOf(app.frontUserType),
    limitUserType: userTypesOf(app.limitUserType),
    iconColor: app.iconColor,
  };
}

/**
 * The form's values as the register/edit body. Texts go as typed (the server trims and checks
 * them and answers field by field); an empty path is "none".
 */
export function appBodyOf(unitId: string, values: AppFormValues): AdminAppBody {
  const optional = (text: string | null | undefined) =>
    text === undefined || text === null || text.trim() === '' ? null : text.trim();
  const types = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  return {
    unitId,
    code: values.code.trim(),
    groupCode: values.groupCode,
    name: values.name,
    shortName: values.shortName,
    englishName: values.englishName,
    englishShortName: values.englishShortName,
    serverId: values.serverId.trim(),
    deployPath: optional(values.deployPath),
    menuRoute: optional(values.menuRoute),
    frontUserType: types(values.frontUserType),
    limitUserType: types(values.limitUserType),
    iconColor: values.iconColor.trim(),
  };
}

/** A call's outcome as the page shows it: the data, or the envelope's words. */
export type Outcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** The envelope's message in the page language, or undefined for a transport failure. */
      message: string | undefined;
      /** Field by field, in the page language (the form puts each under its field). */
      fields: { field: string; message: string }[];
    };

/** Reads an envelope (or `undefined` for a transport failure) in the page language. */
export function outcomeOf<T>(answer: Envelope<T> | undefined, lang: Language): Outcome<T> {
  if (answer && answer.status === BodyStatus.ok && answer.data !== undefined) {
    return { ok: true, data: answer.data };
  }
  const fields = (answer?.fieldErrors ?? []).map((e) => ({
    field: e.field,
    message: splitBilingual(e.message, lang),
  }));
  const message = answer?.message ? splitBilingual(answer.message, lang) : undefined;
  return { ok: false, message: message ?? fields[0]?.message, fields };
}
