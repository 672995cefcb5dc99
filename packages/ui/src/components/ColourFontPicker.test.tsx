// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import {
  COLOUR_SWATCHES,
  ColourFontPicker,
  DEFAULT_COLOUR_FONT,
  FONT_FAMILIES,
  FONT_SIZES,
  fontFamilyStack,
  normalizeHexColour,
} from './ColourFontPicker.tsx';
import { DraggableDialog } from './DraggableDialog.tsx';

const view = mountPerTest();
beforeEach(() => document.body.append(view.container));
afterEach(() => view.container.remove());

const one = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [
  ...document.querySelectorAll<HTMLInputElement>(`[data-testid="${id}"]`),
];
const trigger = () => one('colourFont.trigger') as HTMLButtonElement;
const panel = () => one('colourFont.panel');

async function openPicker() {
  await act(async () => trigger().click());
}
async function fire(target: EventTarget, event: Event) {
  await act(async () => {
    target.dispatchEvent(event);
  });
}
const escape = () =>
  new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
const press = () => new PointerEvent('pointerdown', { bubbles: true, cancelable: true });

describe('<ColourFontPicker> (spec §2, §3 change event, §4 open/closed, §9 sizes and fonts)', () => {
  it('spec §9: font sizes 12–20 px and the six font families', () => {
    expect(FONT_SIZES).toEqual([12, 14, 16, 18, 20]);
    expect(FONT_FAMILIES).toEqual([
      'SimSun',
      'KaiTi',
      'Microsoft YaHei',
      'SimHei',
      'LiSu',
      'STXingkai',
    ]);
    expect(fontFamilyStack('Microsoft YaHei')).toBe('"Microsoft YaHei", sans-serif');
    expect(normalizeHexColour('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColour('#457CD6')).toBe('#457cd6');
  });

  it('spec §4: a closed trigger opens a labelled panel with colour, size and family', async () => {
    await view.render(<ColourFontPicker lang="en" />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().textContent).toContain('Colour and font');
    expect(panel()).toBeNull();

    await openPicker();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(panel()?.id);
    expect(panel()?.getAttribute('role')).toBe('dialog');
    expect(panel()?.getAttribute('aria-label')).toBe('Colour and font');
    const legends = [...(panel()?.querySelectorAll('legend') ?? [])].map((l) => l.textContent);
    expect(legends).toEqual(['Colour', 'Font size', 'Font family']);
    expect(one('colourFont.colour')?.getAttribute('type')).toBe('color');
    expect(all('colourFont.swatch')).toHaveLength(COLOUR_SWATCHES.length);
    expect(all('colourFont.size').map((r) => r.closest('label')?.textContent)).toEqual([
      '12px',
      '14px',
      '16px',
      '18px',
      '20px',
    ]);
    expect(all('colourFont.family').map((r) => r.value)).toEqual([...FONT_FAMILIES]);
    // The defaults are checked, and focus moved into the panel.
    expect(all('colourFont.size').find((r) => r.checked)?.value).toBe('14');
    expect(all('colourFont.family').find((r) => r.checked)?.value).toBe('Microsoft YaHei');
    expect(panel()?.contains(document.activeElement)).toBe(true);
  });

  it('shows the font names in the page language', async () => {
    await view.render(<ColourFontPicker />);
    await openPicker();
    const names = all('colourFont.family').map((r) => r.closest('label')?.textContent);
    expect(names).toEqual(['宋体', '楷体', '微软雅黑', '黑体', '隶书', '华文行楷']);
    expect(trigger().textContent).toContain('颜色和字体');
  });

  it('spec §3: emits { color, fontSize, fontFamily } whole on every change', async () => {
    const onChange = vi.fn();
    await view.render(<ColourFontPicker onChange={onChange} defaultValue={{ fontSize: 16 }} />);
    await openPicker();

    await act(async () => all('colourFont.swatch')[7]?.click());
    expect(onChange).toHaveBeenLastCalledWith({
      color: '#457cd6',
      fontSize: 16,
      fontFamily: DEFAULT_COLOUR_FONT.fontFamily,
    });
    expect(all('colourFont.swatch')[7]?.getAttribute('aria-pressed')).toBe('true');

    await act(async () => all('colourFont.size')[4]?.click());
    expect(onChange).toHaveBeenLastCalledWith({
      color: '#457cd6',
      fontSize: 20,
      fontFamily: 'Microsoft YaHei',
    });

    await act(async () => all('colourFont.family')[1]?.click());
    expect(onChange).toHaveBeenLastCalledWith({
      color: '#457cd6',
      fontSize: 20,
      fontFamily: 'KaiTi',
    });

    const input = one('colourFont.colour') as HTMLInputElement;
    // Through the prototype's setter, as a browser does, so React sees a new value.
    Reflect.set(HTMLInputElement.prototype, 'value', '#ff8800', input);
    await fire(input, new Event('input', { bubbles: true }));
    expect(onChange).toHaveBeenLastCalledWith({
      color: '#ff8800',
      fontSize: 20,
      fontFamily: 'KaiTi',
    });
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('follows `value` when the parent owns it', async () => {
    const onChange = vi.fn();
    await view.render(
      <ColourFontPicker
        value={{ color: '#D92D20', fontSize: 12, fontFamily: 'SimHei' }}
        onChange={onChange}
      />,
    );
    await openPicker();
    expect(all('colourFont.size').find((r) => r.checked)?.value).toBe('12');
    expect(all('colourFont.family').find((r) => r.checked)?.value).toBe('SimHei');
    expect((one('colourFont.colour') as HTMLInputElement).value).toBe('#d92d20');

    await act(async () => all('colourFont.size')[2]?.click());
    expect(onChange).toHaveBeenLastCalledWith({
      color: '#D92D20',
      fontSize: 16,
      fontFamily: 'SimHei',
    });
    // Not re-rendered with a new value, so the parent's choice still shows.
    expect(all('colourFont.size').find((r) => r.checked)?.value).toBe('12');
  });

  it('spec §2: closes on a press elsewhere, not on a press inside', async () => {
    const onOpenChange = vi.fn();
    await view.render(
      <>
        <ColourFontPicker onOpenChange={onOpenChange} />
        <p data-testid="page.elsewhere">elsewhere</p>
      </>,
    );
    await openPicker();
    await fire(all('colourFont.size')[0] as HTMLElement, press());
    expect(panel()).not.toBeNull();

    await fire(one('page.elsewhere') as HTMLElement, press());
    expect(panel()).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('closes on Escape and gives focus back to the trigger; the trigger toggles too', async () => {
    await view.render(<ColourFontPicker />);
    await openPicker();
    await fire(document.activeElement as Element, escape());
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await openPicker();
    expect(panel()).not.toBeNull();
    await openPicker();
    expect(panel()).toBeNull();
  });

  it('Escape inside a dialog closes the picker, not the dialog', async () => {
    const onClose = vi.fn();
    await view.render(
      <DraggableDialog visible title="T" onClose={onClose}>
        <ColourFontPicker />
      </DraggableDialog>,
    );
    await openPicker();
    await fire(document.activeElement as Element, escape());
    expect(panel()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    await fire(document.activeElement as Element, escape());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
