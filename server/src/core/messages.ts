/**
 * Bilingual messages `中文|||English` (DESIGN.md §4, spec §8). The client splits on
 * `|||` and shows the second part when the language is en.
 */
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';

declare const bilingualBrand: unique symbol;
/** A string known to hold both languages. */
export type Bilingual = string & { readonly [bilingualBrand]: true };

export function bilingual(zh: string, en: string): Bilingual {
  return `${zh}${MESSAGE_LANGUAGE_SEPARATOR}${en}` as Bilingual;
}
