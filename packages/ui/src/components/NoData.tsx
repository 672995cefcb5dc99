/**
 * The no-data placeholder of spec §2: types desktop, dashboard and default, each with its own
 * default image, and the default text 'no data'. No UI kit, so a sub-app pays only for this file.
 */
import type { ReactElement, ReactNode } from 'react';
import { uiText } from '../i18n/ui-messages.ts';
import { NoDataDashboardImage, NoDataDefaultImage, NoDataDesktopImage } from './no-data-images.tsx';
import './ui.css';

/** The placeholder types of spec §2. */
export type NoDataType = 'desktop' | 'dashboard' | 'default';

/** The default image of each type (spec §2). */
export const NO_DATA_IMAGES: Readonly<Record<NoDataType, typeof NoDataDefaultImage>> = {
  desktop: NoDataDesktopImage,
  dashboard: NoDataDashboardImage,
  default: NoDataDefaultImage,
};

/** Props of {@link NoData}. */
export interface NoDataProps {
  /** Picks the default image (spec §2); `default` when absent or unknown. */
  type?: NoDataType;
  /** Replaces the default 'no data' text. */
  text?: ReactNode;
  /** Replaces the default image: an image URL, or an element drawn as it is. */
  image?: string | ReactElement;
  /** zh-CN or en, e.g. from `useLanguage`; anything else shows zh-CN (spec §1). */
  lang?: string;
  className?: string;
}

/**
 * A centred image and text saying there is nothing to show.
 *
 * @example
 * <NoData type="dashboard" lang={useLanguage(i18n)} />
 * <NoData text={t('cms.noNotices')} image="/img/empty-notices.png" />
 */
export function NoData({ type = 'default', text, image, lang, className }: NoDataProps) {
  // Plain-JS callers may pass a type the union does not know; they get the default image.
  const DefaultImage = NO_DATA_IMAGES[type] ?? NO_DATA_IMAGES.default;
  let picture: ReactNode;
  if (typeof image === 'string') picture = <img src={image} alt="" />;
  else picture = image ?? <DefaultImage />;
  return (
    <div className={className ? `cp-no-data ${className}` : 'cp-no-data'} data-testid="noData.root">
      <div className="cp-no-data__image" data-testid="noData.image">
        {picture}
      </div>
      <p className="cp-no-data__text" data-testid="noData.text">
        {text ?? uiText(lang, 'noData.text')}
      </p>
    </div>
  );
}
