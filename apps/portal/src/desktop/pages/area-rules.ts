/**
 * The area desktop's list of schools (spec §1 unitType 1 is an area; §3 campusUnits is "JSON
 * string parsed to an array; each unit has campusId"). The area itself is not one of its
 * schools; anything unreadable counts as no schools.
 */
import type { Language } from '@campus/sdk/language';

export interface CampusUnit {
  campusId: string;
  name: string;
  enName: string | null;
}

/** The units under the area, parsed from /me's `campusUnits`. */
export function schoolsOfArea(campusUnits: string, areaUnitId: string): CampusUnit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(campusUnits);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const units: CampusUnit[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const campusId = record.campusId;
    if (typeof campusId !== 'string' || campusId === '' || campusId === areaUnitId) continue;
    units.push({
      campusId,
      name: typeof record.name === 'string' && record.name ? record.name : campusId,
      enName: typeof record.enName === 'string' && record.enName ? record.enName : null,
    });
  }
  return units;
}

/** A unit's name in the language (English name for en when there is one). */
export function unitNameIn(unit: Pick<CampusUnit, 'name' | 'enName'>, lang: Language): string {
  return lang === 'en' && unit.enName ? unit.enName : unit.name;
}
