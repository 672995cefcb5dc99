/**
 * The old-browser rule (spec §1 "IE 6 to 8 get the whole page replaced", §8 "Old browser"). The
 * server answers a page request from such a browser with the upgrade message (it cannot run the
 * pages' scripts at all), and a page can ask the same rule of `navigator.userAgent`.
 */

/**
 * True for Internet Explorer 8 and older, whose page is replaced by the upgrade message (spec
 * §1 "IE 6 to 8", §8 "Old browser"). The engine decides, not the `MSIE` token: IE 9 to 11 in
 * compatibility view still say `MSIE 7.0` but carry `Trident/5.0` or later. Pass
 * `document.documentMode` when you have it: it is the mode the page really renders in. Versions
 * below 6 count as old too; nothing older than IE 6 runs this page either.
 *
 * @example
 * isOldIE('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)'); // true
 * isOldIE(navigator.userAgent, (document as { documentMode?: number }).documentMode);
 */
export function isOldIE(userAgent: string, documentMode?: number): boolean {
  const msie = /MSIE (\d+)/i.exec(userAgent);
  if (!msie) return false; // IE 11 says `Trident/7.0; rv:11.0`, Edge says `Edg`/`Edge`.
  if (typeof documentMode === 'number' && documentMode > 0) return documentMode < 9;
  const trident = /Trident\/(\d+)/i.exec(userAgent);
  // Trident/4 is IE 8, Trident/5 IE 9, and so on.
  const version = trident ? Number(trident[1]) + 4 : Number(msie[1]);
  return version < 9;
}
