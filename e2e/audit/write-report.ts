/**
 * Merges the audit's findings (one JSON file per test, audit.spec.ts) into a Markdown report at
 * `A11Y_REPORT`: totals by rule, then by rule and screen with the themes, languages and widths
 * it was met in and sample selectors, then every distinct element with its detail.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AuditRun, Finding } from './findings.ts';

function uniq(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderReport(runs: AuditRun[]): string {
  const findings: Finding[] = runs.flatMap((r) => r.findings);
  const screens = uniq(runs.flatMap((r) => r.screens));
  const out: string[] = [
    '# Accessibility audit (axe-core, WCAG 2.1 A and AA)',
    '',
    `Written by e2e/audit (issue 10 §5) on ${new Date().toISOString()}.`,
    `Runs: ${runs.length} (projects ${uniq(runs.map((r) => r.project)).join(', ')}; themes ${uniq(runs.map((r) => r.theme)).join(', ')}; languages ${uniq(runs.map((r) => r.lang)).join(', ')}).`,
    `Screens checked (${screens.length}): ${screens.join('; ')}.`,
    `Checks run: ${runs.reduce((n, r) => n + r.screens.length, 0)}.`,
    '',
  ];
  if (findings.length === 0) {
    out.push('**No violation.**', '');
    return out.join('\n');
  }
  const key = (f: Finding) => `${f.rule}\u0000${f.screen}\u0000${f.target}`;
  out.push(
    `**${findings.length} element hits, ${uniq(findings.map(key)).length} distinct (rule, screen, element).**`,
    '',
    '## By rule',
    '',
    '| rule | impact | hits | distinct elements (screen + selector) | help |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const rule of uniq(findings.map((f) => f.rule))) {
    const of = findings.filter((f) => f.rule === rule);
    out.push(
      `| ${rule} | ${of[0]?.impact} | ${of.length} | ${uniq(of.map(key)).length} | ${cell(of[0]?.help ?? '')} |`,
    );
  }
  out.push(
    '',
    '## By rule and screen',
    '',
    '| rule | screen | hits | themes | langs | widths | sample selectors |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const rule of uniq(findings.map((f) => f.rule))) {
    for (const screen of uniq(findings.filter((f) => f.rule === rule).map((f) => f.screen))) {
      const of = findings.filter((f) => f.rule === rule && f.screen === screen);
      out.push(
        `| ${rule} | ${cell(screen)} | ${of.length} | ${uniq(of.map((f) => f.theme)).join(', ')} | ${uniq(of.map((f) => f.lang)).join(', ')} | ${uniq(of.map((f) => String(f.width))).join(', ')} | ${cell(
          uniq(of.map((f) => `\`${f.target}\``))
            .slice(0, 4)
            .join(', '),
        )} |`,
      );
    }
  }
  out.push('', '## Every distinct element', '');
  for (const k of uniq(findings.map(key))) {
    const of = findings.filter((f) => key(f) === k);
    const first = of[0];
    if (!first) continue;
    out.push(
      `- **${first.rule}** on ${first.screen}: \`${first.target}\` — ${of.length} hits; themes ${uniq(of.map((f) => f.theme)).join(', ')}; ${uniq(of.map((f) => `${f.lang}@${f.width}`)).join(', ')}`,
      `  - ${cell(
        uniq(of.map((f) => f.detail))
          .slice(0, 3)
          .join(' / '),
      )}`,
      `  - \`${cell(first.html)}\``,
    );
  }
  out.push('');
  return out.join('\n');
}

export default function writeReport(): void {
  const dir = process.env.A11Y_FINDINGS_DIR;
  const target = process.env.A11Y_REPORT;
  if (!dir || !target || !fs.existsSync(dir)) return;
  const runs = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as AuditRun);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, renderReport(runs));
  fs.writeFileSync(`${target.replace(/\.md$/, '')}.json`, JSON.stringify(runs));
}
