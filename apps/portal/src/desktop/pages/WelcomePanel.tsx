import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { unitDisplayName } from '@campus/ui/header-rules';
import { dayPartOf, formatLongDate, roleKeyOf } from './welcome.ts';

/** The desktop body for now: greeting, today's date, the user's role and unit. */
export function WelcomePanel({ me }: { me: MeData }) {
  const { t, lang } = useTranslation();
  const now = new Date();
  const unitName = unitDisplayName(me, lang);
  const facts = [
    { key: 'role', label: t('desktop.role'), value: t(roleKeyOf(me.userType)) },
    { key: 'unit', label: t('desktop.unit'), value: unitName },
    { key: 'account', label: t('desktop.account'), value: me.loginName },
  ] as const;

  return (
    <section className="dt-welcome" data-testid="desktop.welcome">
      <div className="dt-welcome__hero">
        <p className="dt-welcome__date" data-testid="desktop.date">
          <span className="dt-welcome__date-label">{t('desktop.today')}</span>
          {formatLongDate(now, lang)}
        </p>
        <h1 className="dt-welcome__greeting" data-testid="desktop.greeting">
          {t(`desktop.greeting.${dayPartOf(now.getHours())}`, { name: me.realName })}
        </h1>
        <dl className="dt-facts">
          {facts.map((fact) => (
            <div key={fact.key} className="dt-facts__item">
              <dt>{fact.label}</dt>
              <dd data-testid={`desktop.${fact.key}`}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
