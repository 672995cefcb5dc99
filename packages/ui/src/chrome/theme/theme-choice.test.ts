import { describe, expect, it } from 'vitest';
import { layoutChoiceVisible } from '@campus/sdk/theme-rules';
import {
  isSameChoice,
  pickColour,
  pickTheme,
  selectionOf,
  setThemeBody,
  themeAfterSave,
  unitThemes,
} from './theme-choice.ts';

describe('the theme dialog (spec §2 Theme dialog, §3 colours, §4 Layout)', () => {
  it('offers the layout choice only for a plain colour theme', () => {
    expect(['ink', 'lotus', 'cartoon'].map(layoutChoiceVisible)).toEqual([false, false, false]);
    expect(['red', 'blue', 'siroBlue', 'green', null].map(layoutChoiceVisible)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('saves named themes without a layout, and colours with one', () => {
    expect(setThemeBody(pickTheme('ink'), 'left', 'color')).toEqual({
      type: 'color',
      theme: 'ink',
    });
    expect(setThemeBody(pickTheme('red'), 'left', 'default_color')).toEqual({
      type: 'default_color',
      theme: 'red',
      layout: 'left',
    });
    const custom = pickColour('#c8161d');
    expect(custom).toEqual({ theme: null, color: '#C8161D' });
    expect(setThemeBody(custom ?? pickTheme('blue'), 'top', 'color')).toEqual({
      type: 'color',
      theme: '#C8161D',
      layout: 'top',
    });
    expect(pickColour('red; x')).toBeNull();
  });

  it('forces the top layout for ink, lotus and cartoon, with their colours (spec §3)', () => {
    expect(themeAfterSave(pickTheme('ink'), 'left')).toEqual({
      theme: 'ink',
      themeColor: '#A9947F',
      layout: 'top',
    });
    expect(themeAfterSave(pickTheme('lotus'), 'left').themeColor).toBe('#68A265');
    expect(themeAfterSave(pickTheme('cartoon'), 'left').themeColor).toBe('#3ABAE8');
    expect(themeAfterSave(pickTheme('green'), 'left').layout).toBe('left');
    expect(themeAfterSave({ theme: null, color: '#1E88E5' }, 'left')).toEqual({
      theme: null,
      themeColor: '#1E88E5',
      layout: 'left',
    });
  });

  it('starts from the theme in force and compares choices', () => {
    // No theme with the default colour looks like, and starts on, the blue swatch.
    expect(selectionOf({ theme: null, themeColor: '#457cd6', layout: 'top' })).toEqual(
      pickTheme('blue'),
    );
    const start = selectionOf({ theme: null, themeColor: '#c8161d', layout: 'top' });
    expect(start).toEqual({ theme: null, color: '#C8161D' });
    expect(isSameChoice(start, { theme: null, color: '#c8161d' })).toBe(true);
    expect(isSameChoice(start, pickTheme('red'))).toBe(false);
    expect(isSameChoice(pickTheme('ink'), pickTheme('ink'))).toBe(true);
    expect(selectionOf({ theme: 'lotus', themeColor: '#000000', layout: 'top' })).toEqual(
      pickTheme('lotus'),
    );
  });

  it("lists the unit's themes in the page language, dropping invalid colours", () => {
    const decoration = {
      themeList: [
        { name: '中国红', enName: 'China Red', color: '#C8161D' },
        { name: '坏', color: 'url(x)' },
        { name: '无英文', color: '#123' },
      ],
    };
    expect(unitThemes(decoration, 'en').map((t) => [t.label, t.color])).toEqual([
      ['China Red', '#C8161D'],
      ['无英文', '#112233'],
    ]);
    expect(unitThemes(decoration, 'zh-CN')[0]?.label).toBe('中国红');
    expect(unitThemes({}, 'en')).toEqual([]);
  });
});
