import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { chromeDialogs } from '@campus/ui/chrome-env';
import { Widget } from '../common/Widget.tsx';

/**
 * A parent's current child (spec §3 currentChirden, §6), and the way to pick another, which
 * appears only with more than one child (spec §2).
 */
export function ChildWidget({ me }: { me: MeData }) {
  const { t } = useTranslation();
  const child = me.currentChirden;
  return (
    <Widget
      title={t('pages.home.child')}
      // Spec §2: the picker only for more than one child.
      onMore={me.chirdenList.length > 1 ? () => chromeDialogs.open('chooseChild') : undefined}
      moreLabel={t('pages.home.switchChild')}
      empty={!child}
      emptyText={t('pages.home.childEmpty')}
      testId="home.child"
    >
      {child ? (
        <div className="dp-child">
          <span className="dp-child__avatar" aria-hidden="true">
            {child.realName.slice(0, 1)}
          </span>
          <div className="dp-child__info">
            <span className="dp-child__name" data-testid="home.childName">
              {child.realName}
            </span>
            <span className="dp-child__class" data-testid="home.childClass">
              {t('pages.home.childClass', { grade: child.gradeName, class: child.className })}
            </span>
          </div>
        </div>
      ) : null}
    </Widget>
  );
}
