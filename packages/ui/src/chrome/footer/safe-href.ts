/**
 * Unit configuration is data from an administrator's form: its links go into `href` only
 * when they are plain http(s) or same-site paths, so a `javascript:` value never becomes
 * a clickable script (DESIGN.md §5).
 */
export function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.includes('\\')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
