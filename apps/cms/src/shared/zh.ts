/**
 * The cms app's zh-CN strings, built in (spec §4: no language file is loaded for zh-CN), kept in
 * `zh-CN.json` in the one dictionary format (i18next JSON, `{{name}}` placeholders). The
 * English file `lang/en-cms.json` has the same keys and placeholders; tests check they match.
 * `cms.tab` holds the phone pages' bottom tabs (mobile_cms_tm): four across a 375 px screen.
 */
import zhCN from './zh-CN.json';

export const zh = zhCN;
