import { App, Button, ColorPicker, Modal } from 'antd';
import { useState } from 'react';
import type { SetThemeType } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { isNamedTheme, type Layout } from '@campus/contracts/theme';
import { layoutChoiceVisible, THEME_SECTIONS, type ThemeSection } from '@campus/sdk/theme-rules';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { TranslationKey } from '../../i18n/translator.ts';
import { Icon } from '../../shared/Icon.tsx';
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
import { applyDesktopTheme, useDesktopTheme } from './theme-store.ts';
import { useDesktopApi } from '../common/desktop-data.ts';
import { useUnitConfig } from '@campus/ui/useUnitConfig';
import { useRuntime } from '../../shared/useRuntime.ts';
import { useBaseAdmin } from '../common/useChromeData.ts';

const SECTION_TITLES: Record<ThemeSection['id'] | 'custom', TranslationKey> = {
  classic: 'theme.classic',
  stage: 'theme.stage',
  colour: 'theme.colour',
  custom: 'theme.custom',
};

const THEME_NAMES: Record<string, TranslationKey> = {
  ink: 'theme.names.ink',
  lotus: 'theme.names.lotus',
  cartoon: 'theme.names.cartoon',
  red: 'theme.names.red',
  blue: 'theme.names.blue',
  siroBlue: 'theme.names.siroBlue',
  green: 'theme.names.green',
};

/**
 * The theme dialog (spec §2 Theme dialog, §3 colours, §4 Layout, §6): classic (ink, lotus),
 * stage (cartoon), colour (red, blue, siro blue, green) and custom (a colour picker plus the
 * unit's own themes). The top/left layout choice shows only for a plain colour; ink, lotus and
 * cartoon force the top layout. Saving applies the theme at once (spec §7 settheme 'color');
 * base admins may also apply it to every user ('default_color').
 */
export function ThemeDialog({ me, onClose }: { me: MeData; onClose: () => void }) {
  const { t, lang } = useTranslation();
  const { message } = App.useApp();
  const api = useDesktopApi();
  const current = useDesktopTheme();
  const [selection, setSelection] = useState<ThemeSelection>(() => selectionOf(current));
  const [layout, setLayout] = useState<Layout>(current.layout);
  const [saving, setSaving] = useState<SetThemeType | null>(null);
  const admin = useBaseAdmin(me.userId, true);
  const unit = useUnitConfig(useRuntime().http, me.unitId);
  const ownThemes = unit ? unitThemes(unit.decoration, lang) : [];
  const plainColour = layoutChoiceVisible(selection.theme);

  const save = async (type: SetThemeType) => {
    setSaving(type);
    const answer = await api.setTheme(setThemeBody(selection, layout, type)).catch(() => null);
    setSaving(null);
    // A refusal was shown by the HTTP client (spec §8); the dialog stays open to try again.
    if (answer?.status !== 200) return;
    applyDesktopTheme(themeAfterSave(selection, layout));
    void message.success(t(type === 'default_color' ? 'theme.appliedAll' : 'theme.saved'));
    onClose();
  };

  const option = (id: string, color: string) => {
    const choice = pickTheme(id);
    const selected = isSameChoice(selection, choice);
    const nameKey = THEME_NAMES[id];
    const name = nameKey ? t(nameKey) : id;
    return (
      <li key={id}>
        <button
          type="button"
          className={`dt-theme__option dt-theme__option--${isNamedTheme(id) ? id : 'colour'}`}
          data-testid={`theme.option.${id}`}
          aria-pressed={selected}
          onClick={() => setSelection(choice)}
        >
          <span className="dt-theme__swatch" style={{ backgroundColor: color }}>
            {selected ? <Icon name="check" size={18} /> : null}
          </span>
          <span className="dt-theme__name">{name}</span>
        </button>
      </li>
    );
  };

  const customColour = selection.theme === null ? selection.color : current.themeColor;
  const ownSelected = ownThemes.some((own) => {
    const choice = pickColour(own.color);
    return choice !== null && isSameChoice(selection, choice);
  });

  return (
    <Modal
      open
      centered
      width={720}
      title={t('theme.title')}
      onCancel={onClose}
      className="dt-theme-modal"
      footer={
        <div className="dt-theme__footer">
          <Button data-testid="theme.cancel" onClick={onClose}>
            {t('theme.cancel')}
          </Button>
          {admin ? (
            <Button
              data-testid="theme.applyAll"
              loading={saving === 'default_color'}
              disabled={saving !== null}
              onClick={() => void save('default_color')}
            >
              {t('theme.applyAll')}
            </Button>
          ) : null}
          <Button
            type="primary"
            data-testid="theme.save"
            loading={saving === 'color'}
            disabled={saving !== null}
            onClick={() => void save('color')}
          >
            {t('theme.save')}
          </Button>
        </div>
      }
    >
      <div className="dt-theme" data-testid="theme.dialog">
        {THEME_SECTIONS.map((section) => (
          <section
            key={section.id}
            className={`dt-theme__section dt-theme__section--${section.id}`}
            data-testid={`theme.section.${section.id}`}
          >
            <h3 className="dt-theme__heading">{t(SECTION_TITLES[section.id])}</h3>
            <ul className="dt-theme__options">
              {section.themes.map((theme) => option(theme.id, theme.color))}
            </ul>
          </section>
        ))}
        <section className="dt-theme__section dt-theme__custom" data-testid="theme.section.custom">
          <h3 className="dt-theme__heading">{t(SECTION_TITLES.custom)}</h3>
          <div className="dt-theme__custom-rows">
            <span
              className="dt-theme__picker"
              data-testid="theme.picker"
              data-selected={selection.theme === null && !ownSelected}
            >
              <ColorPicker
                value={customColour}
                disabledAlpha
                format="hex"
                // Issue 10 §5: a name is allowed on antd's trigger <div> only with a role; antd
                // passes the attribute on but does not type it.
                {...({ role: 'button' } as object)}
                aria-label={t('theme.picker')}
                onChangeComplete={(color) => {
                  const choice = pickColour(color.toHexString());
                  if (choice) setSelection(choice);
                }}
              />
              <span className="dt-theme__name">{t('theme.customColour')}</span>
            </span>
            {ownThemes.length > 0 ? (
              <div className="dt-theme__own">
                <h4 className="dt-theme__subheading">{t('theme.unitThemes')}</h4>
                <ul className="dt-theme__options">
                  {ownThemes.map((own) => {
                    const choice = pickColour(own.color);
                    const selected = choice !== null && isSameChoice(selection, choice);
                    return (
                      <li key={own.key}>
                        <button
                          type="button"
                          className="dt-theme__option dt-theme__option--colour"
                          data-testid="theme.unit"
                          data-color={own.color}
                          aria-pressed={selected}
                          onClick={() => {
                            if (choice) setSelection(choice);
                          }}
                        >
                          <span className="dt-theme__swatch" style={{ backgroundColor: own.color }}>
                            {selected ? <Icon name="check" size={18} /> : null}
                          </span>
                          <span className="dt-theme__name">{own.label}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : null}
          </div>
        </section>
        <section className="dt-theme__section dt-theme__layout" data-testid="theme.layout">
          <h3 className="dt-theme__heading">{t('theme.layout')}</h3>
          {plainColour ? (
            <div className="dt-theme__layouts" role="group" aria-label={t('theme.layout')}>
              {(['top', 'left'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className={`dt-theme__layout-option dt-theme__layout-option--${value}`}
                  data-testid={`theme.layout.${value}`}
                  aria-pressed={layout === value}
                  onClick={() => setLayout(value)}
                >
                  <span className="dt-theme__layout-art" aria-hidden="true">
                    <span className="dt-theme__layout-bar" />
                    <span className="dt-theme__layout-body" />
                  </span>
                  <span className="dt-theme__name">
                    {value === 'top' ? t('theme.layoutTop') : t('theme.layoutLeft')}
                  </span>
                </button>
              ))}
            </div>
          ) : (
            <p className="dt-theme__note" data-testid="theme.layoutFixed">
              {t('theme.layoutFixed')}
            </p>
          )}
        </section>
      </div>
    </Modal>
  );
}
