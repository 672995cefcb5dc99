/**
 * One audit finding per axe-core violation and element, as the audit spec writes them (one JSON
 * file per test) and the report reads them.
 */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  screen: string;
  theme: string;
  lang: string;
  width: number;
  target: string;
  html: string;
  /** For colour-contrast: foreground, background, ratio and the ratio wanted. */
  detail: string;
}

/** The screens visited per test, so the report can say what was clean too. */
export interface AuditRun {
  project: string;
  theme: string;
  lang: string;
  screens: string[];
  findings: Finding[];
}
