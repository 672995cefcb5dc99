import { useState } from 'react';
import { desktopEndpoints, type SetThemeType } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { isNamedTheme, type Layout } from '@campus/contracts/theme';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { layoutChoiceVisible, THEME_SECTIONS, type ThemeSection } from '@campus/sdk/theme-rules';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { chromeDialogs, useChrome } from '../chrome-env.ts';
import type { ChromeMessageKey } from '../chrome-messages.ts';
import { useUnitConfig } from '../footer/useUnitConfig.ts';
import { ChromeIcon } from '../header/ChromeIcon.tsx';
import { CHROME_ICONS } from '../header/chrome-icons.ts';
import { applyPageTheme, usePageTheme } from './page-theme.ts';
import {
  isSameChoice,
  pickColour,
  pickTheme,
  selectionOf,
  setThemeBody,
  themeAfterSave,
  unitThemes,
  type ThemeSelection,
} from './theme-choice.ts';
import { useBaseAdmin } from './useBaseAdmin.ts';
import './theme-dialog.css';

const SECTION_TITLES: Record<ThemeSection['id'] | 'custom', ChromeMessageKey> = {
  classic: 'theme.classic',
  stage: 'theme.stage',
  colour: 'theme.colour',
  custom: 'theme.custom',
};

const THEME_NAMES: Record<string, ChromeMessageKey> = {
  ink: 'theme.names.ink',
  lotus: 'theme.names.lotus',
  cartoon: 'theme.names.cartoon',
  red: 'theme.names.red',
  blue: 'theme.names.blue',
  siroBlue: 'theme.names.siroBlue',
  green: 'theme.names.green',
};

/** One choosable swatch: a named theme, a colour swatch or one of the unit's own colours. */
function ThemeOption(props: {
  variant: string;
  color: string;
  name: string;
  selected: boolean;
  testId: string;
  dataColor?: string | undefined;
  onPick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`ph-theme__option ph-theme__option--${props.variant}`}
        data-testid={props.testId}
        data-color={props.dataColor}
        aria-pressed={props.selected}
        onClick={props.onPick}
      >
        <span className="ph-theme__swatch" style={{ backgroundColor: props.color }}>
          {props.selected ? <ChromeIcon path={CHROME_ICONS.check} size={18} /> : null}
        </span>
        <span className="ph-theme__name">{props.name}</span>
      </button>
    </li>
  );
}

/**
 * The theme dialog (spec §2 Theme dialog, §3 colours, §4 Layout, §6), the chrome's, so the
 * desktop and every sub-app offer the same one (issue 10 §4): classic (ink, lotus), stage
 * (cartoon), colour (red, blue, siro blue, green) and custom (the browser's colour picker plus
 * the unit's own themes). The top/left layout choice shows only for a plain colour; ink, lotus
 * and cartoon force the top layout. Saving applies the theme to the page at once (spec §7
 * settheme 'color'); base admins may also apply it to every user ('default_color').
 */
export function ThemeDialog({ me, onClose }: { me: MeData; onClose: () => void }) {
  const { t, lang, http, DialogFrame } = useChrome();
  const Frame = DialogFrame ?? LightDialogFrame;
  const current = usePageTheme();
  const [selection, setSelection] = useState<ThemeSelection>(() => selectionOf(current));
  const [layout, setLayout] = useState<Layout>(current.layout);
  const [saving, setSaving] = useState<SetThemeType | null>(null);
  const admin = useBaseAdmin(me.userId);
  const unit = useUnitConfig(http, me.unitId);
  const ownThemes = unit ? unitThemes(unit.decoration, lang) : [];
  const plainColour = layoutChoiceVisible(selection.theme);

  const save = async (type: SetThemeType) => {
    setSaving(type);
    const answer = await callEndpoint(http, desktopEndpoints.setTheme, {
      body: setThemeBody(selection, layout, type),
    }).catch(() => null);
    setSaving(null);
    // A refusal was shown by the HTTP client (spec §8); the dialog stays open to try again.
    if (answer?.status !== 200) return;
    applyPageTheme(themeAfterSave(selection, layout));
    chromeDialogs.flash({
      text: t(type === 'default_color' ? 'theme.appliedAll' : 'theme.saved'),
      testId: 'theme.savedFlash',
    });
    onClose();
  };

  const customColour = selection.theme === null ? selection.color : current.themeColor;
  const ownSelected = ownThemes.some((own) => {
    const choice = pickColour(own.color);
    return choice !== null && isSameChoice(selection, choice);
  });
  const pickIf = (choice: ThemeSelection | null) => () => {
    if (choice) setSelection(choice);
  };

  return (
    <Frame
      width={720}
      lang={lang}
      testId="themeDialog"
      onClose={onClose}
      title={t('theme.title')}
      footer={
        <div className="ph-theme__footer">
          <button type="button" className="ph-button" data-testid="theme.cancel" onClick={onClose}>
            {t('theme.cancel')}
          </button>
          {admin ? (
            <button
              type="button"
              className="ph-button"
              data-testid="theme.applyAll"
              aria-busy={saving === 'default_color'}
              disabled={saving !== null}
              onClick={() => void save('default_color')}
            >
              {t('theme.applyAll')}
            </button>
          ) : null}
          <button
            type="button"
            className="ph-button ph-button--primary"
            data-testid="theme.save"
            aria-busy={saving === 'color'}
            disabled={saving !== null}
            onClick={() => void save('color')}
          >
            {t('theme.save')}
          </button>
        </div>
      }
    >
      <div className="ph-theme" data-testid="theme.dialog">
        {THEME_SECTIONS.map((section) => (
          <section
            key={section.id}
            className={`ph-theme__section ph-theme__section--${section.id}`}
            data-testid={`theme.section.${section.id}`}
          >
            <h3 className="ph-theme__heading">{t(SECTION_TITLES[section.id])}</h3>
            <ul className="ph-theme__options">
              {section.themes.map((theme) => {
                const choice = pickTheme(theme.id);
                const nameKey = THEME_NAMES[theme.id];
                return (
                  <ThemeOption
                    key={theme.id}
                    variant={isNamedTheme(theme.id) ? theme.id : 'colour'}
                    color={theme.color}
                    name={nameKey ? t(nameKey) : theme.id}
                    selected={isSameChoice(selection, choice)}
                    testId={`theme.option.${theme.id}`}
                    onPick={pickIf(choice)}
                  />
                );
              })}
            </ul>
          </section>
        ))}
        <section className="ph-theme__section ph-theme__custom" data-testid="theme.section.custom">
          <h3 className="ph-theme__heading">{t(SECTION_TITLES.custom)}</h3>
          <div className="ph-theme__custom-rows">
            <label
              className="ph-theme__picker"
              data-testid="theme.picker"
              data-selected={selection.theme === null && !ownSelected}
            >
              {/* The browser's own picker: keyboard and screen-reader ready, and no weight. */}
              <input
                type="color"
                value={customColour.toLowerCase()}
                onChange={(event) => pickIf(pickColour(event.currentTarget.value))()}
              />
              <span className="ph-theme__name">{t('theme.customColour')}</span>
            </label>
            {ownThemes.length > 0 ? (
              <div className="ph-theme__own">
                <h4 className="ph-theme__subheading">{t('theme.unitThemes')}</h4>
                <ul className="ph-theme__options">
                  {ownThemes.map((own) => {
                    const choice = pickColour(own.color);
                    return (
                      <ThemeOption
                        key={own.key}
                        variant="colour"
                        color={own.color}
                        name={own.label}
                        selected={choice !== null && isSameChoice(selection, choice)}
                        testId="theme.unit"
                        dataColor={own.color}
                        onPick={pickIf(choice)}
                      />
                    );
                  })}
                </ul>
              </div>
            ) : null}
          </div>
        </section>
        <section className="ph-theme__section ph-theme__layout" data-testid="theme.layout">
          <h3 className="ph-theme__heading">{t('theme.layout')}</h3>
          {plainColour ? (
            <div className="ph-theme__layouts" role="group" aria-label={t('theme.layout')}>
              {(['top', 'left'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className={`ph-theme__layout-option ph-theme__layout-option--${value}`}
                  data-testid={`theme.layout.${value}`}
                  aria-pressed={layout === value}
                  onClick={() => setLayout(value)}
                >
                  <span className="ph-theme__layout-art" aria-hidden="true">
                    <span className="ph-theme__layout-bar" />
                    <span className="ph-theme__layout-body" />
                  </span>
                  <span className="ph-theme__name">
                    {value === 'top' ? t('theme.layoutTop') : t('theme.layoutLeft')}
                  </span>
                </button>
              ))}
            </div>
          ) : (
            <p className="ph-theme__note" data-testid="theme.layoutFixed">
              {t('theme.layoutFixed')}
            </p>
          )}
        </section>
      </div>
    </Frame>
  );
}
