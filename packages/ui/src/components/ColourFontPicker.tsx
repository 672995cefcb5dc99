/**
 * The colour and font picker of the desktop kit (spec §2, §3 "Colour picker change event",
 * §4 "Colour picker": open or closed; §9 font sizes and families). It closes on a click
 * elsewhere and on Escape.
 */
import { useEffect, useEffectEvent, useId, useRef, useState, type CSSProperties } from 'react';
import { uiText, type UiMessageKey } from '../i18n/ui-messages.ts';
import './desktop-kit.css';

/** Spec §9: the font sizes offered, in px. */
export const FONT_SIZES = [12, 14, 16, 18, 20] as const;

/** Spec §9: the font families offered, by their CSS names. */
export const FONT_FAMILIES = [
  'SimSun',
  'KaiTi',
  'Microsoft YaHei',
  'SimHei',
  'LiSu',
  'STXingkai',
] as const;

/** One of {@link FONT_FAMILIES}. */
export type FontFamily = (typeof FONT_FAMILIES)[number];

/**
 * The preset colours: dark and light text, the usual signal colours, and the four theme colours
 * of spec §3 (default, ink, lotus, cartoon). All `#rrggbb` in lower case.
 */
export const COLOUR_SWATCHES: readonly string[] = [
  '#000000',
  '#333333',
  '#8a97aa',
  '#ffffff',
  '#d92d20',
  '#dc8b00',
  '#12a150',
  '#457cd6',
  '#a9947f',
  '#68a265',
  '#3abae8',
  '#7a5af8',
];

/** Spec §3: what the picker emits on every change, always whole. */
export interface ColourFontChange {
  /** `#rrggbb`, lower case. */
  color: string;
  /** In px; one of {@link FONT_SIZES} when chosen here. */
  fontSize: number;
  /** A CSS family name; one of {@link FONT_FAMILIES} when chosen here. */
  fontFamily: string;
}

/** What a picker shows before anything is chosen. */
export const DEFAULT_COLOUR_FONT: Readonly<ColourFontChange> = {
  color: '#333333',
  fontSize: 14,
  fontFamily: 'Microsoft YaHei',
};

const FONT_NAME_KEYS: Readonly<Record<FontFamily, UiMessageKey>> = {
  SimSun: 'font.simSun',
  KaiTi: 'font.kaiTi',
  'Microsoft YaHei': 'font.microsoftYaHei',
  SimHei: 'font.simHei',
  LiSu: 'font.liSu',
  STXingkai: 'font.stXingkai',
};

const GENERIC_FAMILY: Readonly<Record<FontFamily, string>> = {
  SimSun: 'serif',
  KaiTi: 'serif',
  'Microsoft YaHei': 'sans-serif',
  SimHei: 'sans-serif',
  LiSu: 'serif',
  STXingkai: 'cursive',
};

/**
 * A CSS `font-family` value for a family of the picker, with a generic fallback for machines
 * without it (most non-Windows ones).
 *
 * @example
 * fontFamilyStack('Microsoft YaHei'); // '"Microsoft YaHei", sans-serif'
 */
export function fontFamilyStack(family: string): string {
  const generic = (GENERIC_FAMILY as Readonly<Record<string, string>>)[family] ?? 'sans-serif';
  return `"${family.replace(/["\\]/g, '')}", ${generic}`;
}

/** The localised name of a family of the picker, e.g. 微软雅黑; other families as they are. */
export function fontFamilyLabel(lang: string | null | undefined, family: string): string {
  const key = (FONT_NAME_KEYS as Readonly<Record<string, UiMessageKey>>)[family];
  return key ? uiText(lang, key) : family;
}

/** `#abc` and `#AABBCC` become `#aabbcc`; anything else is returned as it is. */
export function normalizeHexColour(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : colour;
}

/** Props of {@link ColourFontPicker}. */
export interface ColourFontPickerProps {
  /** The current choice, when the parent owns it; missing fields take the defaults. */
  value?: Partial<ColourFontChange>;
  /** The first choice, when the picker owns it. */
  defaultValue?: Partial<ColourFontChange>;
  /** Spec §3: called with the whole choice every time one part of it changes. */
  onChange?: (change: ColourFontChange) => void;
  /** Called when the panel opens or closes (spec §4: open or closed). */
  onOpenChange?: (open: boolean) => void;
  /** The preset colours; {@link COLOUR_SWATCHES} by default. */
  swatches?: readonly string[];
  /** The trigger's text; 'Colour and font' in the page language by default. */
  label?: string;
  disabled?: boolean;
  /** zh-CN or en (anything else is zh-CN, spec §1). */
  lang?: string;
  className?: string;
  /** Prefix of the test ids (`{testId}.trigger`, `.panel`, `.colour`, `.swatch`, `.size`, `.family`). */
  testId?: string;
}

/**
 * A button that opens a panel to choose a text colour (a colour input plus presets), a font
 * size (12–20 px) and a font family (spec §9). The panel closes on a pointer press outside the
 * picker and on Escape (focus then returns to the button).
 *
 * @example
 * const [style, setStyle] = useState<ColourFontChange>(DEFAULT_COLOUR_FONT);
 * <ColourFontPicker value={style} onChange={setStyle} lang={lang} />
 * <p style={{ color: style.color, fontSize: style.fontSize, fontFamily: fontFamilyStack(style.fontFamily) }}>
 *   {notice.text}
 * </p>
 */
export function ColourFontPicker({
  value,
  defaultValue,
  onChange,
  onOpenChange,
  swatches = COLOUR_SWATCHES,
  label,
  disabled = false,
  lang,
  className,
  testId = 'colourFont',
}: ColourFontPickerProps) {
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [own, setOwn] = useState<ColourFontChange>(() => ({
    ...DEFAULT_COLOUR_FONT,
    ...defaultValue,
  }));
  const current: ColourFontChange = value ? { ...DEFAULT_COLOUR_FONT, ...value } : own;
  const colour = normalizeHexColour(current.color);
  const text = label ?? uiText(lang, 'picker.trigger');

  const change = (part: Partial<ColourFontChange>) => {
    const next = { ...current, ...part };
    if (!value) setOwn(next);
    onChange?.(next);
  };
  const setOpenTo = (next: boolean) => {
    if (next === open) return;
    setOpen(next);
    onOpenChange?.(next);
  };

  const onOutsidePress = useEffectEvent((event: PointerEvent) => {
    if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
    setOpenTo(false);
  });
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Consumed here, so a dialog around the picker stays open (it skips prevented Escapes).
    event.preventDefault();
    const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
    setOpenTo(false);
    if (hadFocus) triggerRef.current?.focus();
  });
  useEffect(() => {
    if (!open) return undefined;
    const press = (event: PointerEvent) => onOutsidePress(event);
    const key = (event: KeyboardEvent) => onEscape(event);
    // Capture phase: seen before anything inside the page can stop it, and before the
    // bubbling Escape listener of a dialog the picker sits in.
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('keydown', key, true);
    };
  }, [open]);

  // On open, focus goes to the chosen preset colour, or the first control.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const target =
      panel?.querySelector<HTMLElement>('[aria-pressed="true"]') ??
      panel?.querySelector<HTMLElement>('button, input');
    target?.focus();
  }, [open]);

  const sampleStyle: CSSProperties = {
    color: colour,
    fontFamily: fontFamilyStack(current.fontFamily),
  };

  return (
    <div ref={rootRef} className={className ? `ph-picker ${className}` : 'ph-picker'}>
      <button
        ref={triggerRef}
        type="button"
        className="ph-picker__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        disabled={disabled}
        onClick={() => setOpenTo(!open)}
        data-testid={`${testId}.trigger`}
      >
        <span className="ph-picker__dot" style={{ background: colour }} aria-hidden="true" />
        <span className="ph-picker__sample" style={sampleStyle} aria-hidden="true">
          {uiText(lang, 'picker.sample')}
        </span>
        <span>{text}</span>
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          className="ph-picker__panel"
          role="dialog"
          aria-label={text}
          data-testid={`${testId}.panel`}
        >
          <fieldset className="ph-picker__group">
            <legend className="ph-picker__legend">{uiText(lang, 'picker.colour')}</legend>
            <div
              className="ph-picker__swatches"
              role="group"
              aria-label={uiText(lang, 'picker.swatches')}
            >
              {swatches.map((swatch) => {
                const hex = normalizeHexColour(swatch);
                return (
                  <button
                    key={hex}
                    type="button"
                    className="ph-picker__swatch"
                    style={{ background: hex }}
                    aria-label={hex}
                    aria-pressed={hex === colour}
                    onClick={() => change({ color: hex })}
                    data-testid={`${testId}.swatch`}
                  />
                );
              })}
            </div>
            <label className="ph-picker__custom">
              <input
                type="color"
                value={/^#[0-9a-f]{6}$/.test(colour) ? colour : '#000000'}
                onChange={(event) => change({ color: normalizeHexColour(event.target.value) })}
                data-testid={`${testId}.colour`}
              />
              <span>{uiText(lang, 'picker.customColour')}</span>
            </label>
          </fieldset>
          <fieldset className="ph-picker__group">
            <legend className="ph-picker__legend">{uiText(lang, 'picker.fontSize')}</legend>
            <div className="ph-picker__options">
              {FONT_SIZES.map((size) => (
                <label key={size} className="ph-picker__option">
                  <input
                    type="radio"
                    name={`${id}-size`}
                    value={size}
                    checked={current.fontSize === size}
                    onChange={() => change({ fontSize: size })}
                    data-testid={`${testId}.size`}
                  />
                  <span className="ph-picker__chip">{size}px</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="ph-picker__group">
            <legend className="ph-picker__legend">{uiText(lang, 'picker.fontFamily')}</legend>
            <div className="ph-picker__options">
              {FONT_FAMILIES.map((family) => (
                <label key={family} className="ph-picker__option">
                  <input
                    type="radio"
                    name={`${id}-family`}
                    value={family}
                    checked={current.fontFamily === family}
                    onChange={() => change({ fontFamily: family })}
                    data-testid={`${testId}.family`}
                  />
                  <span className="ph-picker__chip" style={{ fontFamily: fontFamilyStack(family) }}>
                    {fontFamilyLabel(lang, family)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}
