// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPrintDocument, PRINT_DEFAULTS, printElement } from './print.ts';

describe('buildPrintDocument (spec §9 print defaults)', () => {
  it('spec §9 defaults to max width 800 and a 12pt font', () => {
    expect(PRINT_DEFAULTS).toEqual({ maxWidth: 800, fontSize: '12pt' });
    const html = buildPrintDocument('<p>Notice</p>');
    expect(html).toContain('max-width: 800px');
    expect(html).toContain('font-size: 12pt');
  });

  it('spec §9 lets the caller change the width and font size', () => {
    const html = buildPrintDocument('<p>Notice</p>', { maxWidth: 600, fontSize: '14px' });
    expect(html).toContain('max-width: 600px');
    expect(html).toContain('font-size: 14px');
    expect(html).not.toContain('800px');
  });

  it('spec §9 falls back to the defaults for an unusable width or font size', () => {
    const html = buildPrintDocument('', {
      maxWidth: Number.NaN,
      fontSize: '12pt; } body { display: none',
    });
    expect(html).toContain('max-width: 800px');
    expect(html).toContain('font-size: 12pt;');
    expect(html).not.toContain('display: none');
  });

  it('spec §9 places every content node in the body, in order', () => {
    const doc = new DOMParser().parseFromString(
      buildPrintDocument(['<h1 id="a">Title</h1>', '<table id="b"></table>']),
      'text/html',
    );
    expect(Array.from(doc.body.children, (el) => el.id)).toEqual(['a', 'b']);
  });

  it('spec §9 escapes the title', () => {
    const html = buildPrintDocument('', { title: '<script>alert("x")</script> & Co' });
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe('<script>alert("x")</script> & Co');
    expect(doc.querySelector('script')).toBeNull();
  });
});

describe('printElement (spec §9 print helper in the browser)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.title = '';
  });

  // The frame exists synchronously after the call; print() runs only after a microtask, so the
  // stub is in place in time.
  function stubFramePrint(
    onPrint: (frame: Window) => void = (w) => w.dispatchEvent(new Event('afterprint')),
  ) {
    const frame = document.querySelector('iframe');
    if (!frame?.contentWindow) throw new Error('no print frame');
    const win = frame.contentWindow;
    // jsdom implements neither focus() nor print() on a window.
    vi.spyOn(win, 'focus').mockImplementation(() => undefined);
    const print = vi.spyOn(win, 'print').mockImplementation(() => onPrint(win));
    return { frame, print };
  }

  it('spec §9 prints the element from a hidden frame with the defaults, then removes the frame', async () => {
    document.body.innerHTML = '<main><section id="notice"><p>Sports day</p></section></main>';
    const notice = document.getElementById('notice');
    if (!notice) throw new Error('fixture missing');

    let printedHtml = '';
    const done = printElement(notice, { title: 'Notice' });
    const { frame, print } = stubFramePrint((win) => {
      printedHtml = win.document.documentElement.outerHTML;
      win.dispatchEvent(new Event('afterprint'));
    });
    expect(frame.style.visibility).toBe('hidden');
    await done;

    expect(print).toHaveBeenCalledTimes(1);
    expect(printedHtml).toContain('<section id="notice"><p>Sports day</p></section>');
    expect(printedHtml).toContain('max-width: 800px');
    expect(printedHtml).toContain('font-size: 12pt');
    expect(printedHtml).toContain('<title>Notice</title>');
    expect(document.querySelector('iframe')).toBeNull();
    // The page itself is untouched.
    expect(document.getElementById('notice')?.outerHTML).toContain('Sports day');
  });

  it('spec §9 keeps the frame until afterprint (print may return before the dialog closes)', async () => {
    document.body.innerHTML = '<p id="x">x</p>';
    const el = document.getElementById('x');
    if (!el) throw new Error('fixture missing');

    let settled = false;
    const done = printElement(el).then(() => {
      settled = true;
    });
    const { frame, print } = stubFramePrint(() => undefined);
    await vi.waitFor(() => expect(print).toHaveBeenCalled());
    expect(frame.isConnected).toBe(true);
    expect(settled).toBe(false);

    frame.contentWindow?.dispatchEvent(new Event('afterprint'));
    await done;
    expect(frame.isConnected).toBe(false);
  });

  it('spec §9 waits for images before printing', async () => {
    document.body.innerHTML = '<div id="card"><img src="https://example.invalid/face.png"></div>';
    const card = document.getElementById('card');
    if (!card) throw new Error('fixture missing');

    const done = printElement(card);
    const { frame, print } = stubFramePrint();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(print).not.toHaveBeenCalled();

    frame.contentDocument?.images[0]?.dispatchEvent(new Event('load'));
    await done;
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('spec §9 prints several elements in one document, titled after the page by default', async () => {
    document.title = 'Read counts';
    document.body.innerHTML = '<h2 id="h">Counts</h2><table id="t"></table>';
    const h = document.getElementById('h');
    const t = document.getElementById('t');
    if (!h || !t) throw new Error('fixture missing');

    let ids: string[] = [];
    let title = '';
    const done = printElement([h, t]);
    stubFramePrint((win) => {
      ids = Array.from(win.document.body.children, (el) => el.id);
      title = win.document.title;
      win.dispatchEvent(new Event('afterprint'));
    });
    await done;
    expect(ids).toEqual(['h', 't']);
    expect(title).toBe('Read counts');
  });

  it('spec §9 removes the frame even when print throws', async () => {
    document.body.innerHTML = '<p id="x">x</p>';
    const el = document.getElementById('x');
    if (!el) throw new Error('fixture missing');

    const done = printElement(el);
    stubFramePrint(() => {
      throw new Error('printing blocked');
    });
    await expect(done).rejects.toThrow('printing blocked');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
