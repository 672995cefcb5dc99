/**
 * The print helper of spec §9 (defaults: max width 800, 12pt font). `buildPrintDocument` is
 * pure and makes the whole HTML document; `printElement` is the browser half that prints it
 * from a hidden iframe, so the page itself never changes and the user's scroll position and
 * state survive the print.
 */
import escapeHtml from 'escape-html';

/** Print defaults of spec §9. */
export const PRINT_DEFAULTS = { maxWidth: 800, fontSize: '12pt' } as const;

/** Options for the printed document. */
export interface PrintOptions {
  /** Content width cap in CSS pixels (spec §9 default 800). */
  maxWidth?: number;
  /** Base font size, a CSS length such as `'12pt'` or `'14px'` (spec §9 default 12pt). */
  fontSize?: string;
  /** The document title, which browsers print in the page header. Escaped. */
  title?: string;
  /** Extra CSS appended after the defaults. Trusted: pass only the app's own styles. */
  css?: string;
}

// The size lands inside a <style> block, so only a plain number-and-unit passes; anything else
// (a typo, or text trying to close the style) falls back to the spec default.
const CSS_LENGTH = /^\d+(\.\d+)?(pt|px|em|rem|%)$/;

/**
 * Builds the print document (spec §9): the given content HTML (usually elements' `outerHTML`)
 * in a body capped at `maxWidth` px and centred, with a `fontSize` base font. The title is
 * escaped; the content is trusted markup taken from the page itself.
 *
 * @example
 * buildPrintDocument([table.outerHTML], { title: 'Notice read counts' });
 * // '<!DOCTYPE html><html><head>…max-width: 800px…font-size: 12pt…</head><body><table>…'
 */
export function buildPrintDocument(
  contents: string | readonly string[],
  options: PrintOptions = {},
): string {
  const maxWidth =
    options.maxWidth !== undefined && Number.isFinite(options.maxWidth) && options.maxWidth > 0
      ? options.maxWidth
      : PRINT_DEFAULTS.maxWidth;
  const fontSize =
    options.fontSize !== undefined && CSS_LENGTH.test(options.fontSize)
      ? options.fontSize
      : PRINT_DEFAULTS.fontSize;
  const body = typeof contents === 'string' ? contents : contents.join('\n');
  const css = [
    `body { max-width: ${maxWidth}px; margin: 0 auto; font-size: ${fontSize}; }`,
    // Wide images and tables would otherwise be clipped at the paper edge.
    'img, table { max-width: 100%; }',
    options.css ?? '',
  ].join('\n');
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    `<title>${escapeHtml(options.title ?? '')}</title>` +
    `<style>\n${css}\n</style></head><body>${body}</body></html>`
  );
}

// Images must finish (or fail) before print(), or they come out blank on paper.
function imagesSettled(doc: Document): Promise<void> {
  const pending = Array.from(doc.images).filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * Prints one or more elements with the spec §9 defaults: writes {@link buildPrintDocument}
 * into a hidden iframe, waits for its images, calls `print()`, and removes the iframe after the
 * `afterprint` event. The title defaults to the page's title. Resolves once the iframe is gone.
 *
 * @example
 * await printElement(document.querySelector('#notice')!, { title: notice.title });
 */
export async function printElement(
  element: Element | readonly Element[],
  options: PrintOptions = {},
): Promise<void> {
  const elements = 'outerHTML' in element ? [element] : element;
  const first = elements[0];
  if (!first) return;
  const page = first.ownerDocument;
  const html = buildPrintDocument(
    elements.map((el) => el.outerHTML),
    { ...options, title: options.title ?? page.title },
  );

  const iframe = page.createElement('iframe');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  // Zero-sized and invisible rather than display:none: a frame that is not rendered prints
  // blank in some browsers.
  iframe.style.cssText =
    'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  page.body.appendChild(iframe);

  const frameWindow = iframe.contentWindow;
  const frameDocument = iframe.contentDocument;
  if (!frameWindow || !frameDocument) {
    iframe.remove();
    throw new Error('printElement: the print frame has no document');
  }
  try {
    frameDocument.open();
    frameDocument.write(html);
    frameDocument.close();
    await imagesSettled(frameDocument);
    // print() blocks in desktop browsers but returns at once in some mobile ones, so removal
    // waits for afterprint instead of following the call.
    const printed = new Promise<void>((resolve) => {
      frameWindow.addEventListener('afterprint', () => resolve(), { once: true });
    });
    frameWindow.focus();
    frameWindow.print();
    await printed;
  } finally {
    iframe.remove();
  }
}
