import { describe, expect, it } from 'vitest';
import { schoolsOfArea, unitNameIn } from './area-rules.ts';

describe('the area desktop schools (spec §3 campusUnits)', () => {
  it('lists the units other than the area itself', () => {
    const text = JSON.stringify([
      { campusId: 'area-1', name: '东区教育局', enName: 'East District' },
      { campusId: 'school-1', name: '阳光小学', enName: 'Sunshine Primary School' },
      { campusId: 'school-2', name: '晨曦中学' },
    ]);
    expect(schoolsOfArea(text, 'area-1')).toEqual([
      { campusId: 'school-1', name: '阳光小学', enName: 'Sunshine Primary School' },
      { campusId: 'school-2', name: '晨曦中学', enName: null },
    ]);
  });

  it('gives none for the area alone, broken text or odd entries', () => {
    expect(schoolsOfArea('[{"campusId":"a","name":"A"}]', 'a')).toEqual([]);
    expect(schoolsOfArea('not json', 'a')).toEqual([]);
    expect(schoolsOfArea('{"campusId":"b"}', 'a')).toEqual([]);
    expect(schoolsOfArea('[null, 3, {"name":"x"}, {"campusId":""}]', 'a')).toEqual([]);
  });

  it('names a unit in English only when it has an English name', () => {
    expect(unitNameIn({ name: '阳光小学', enName: 'Sunshine' }, 'en')).toBe('Sunshine');
    expect(unitNameIn({ name: '阳光小学', enName: null }, 'en')).toBe('阳光小学');
    expect(unitNameIn({ name: '阳光小学', enName: 'Sunshine' }, 'zh-CN')).toBe('阳光小学');
  });
});
