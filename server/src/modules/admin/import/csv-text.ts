/**
 * A .csv of the bulk import (issue 13 §3) as records of text. What Excel, WPS and LibreOffice
 * write: UTF-8 with or without a byte-order mark, UTF-16 ("Unicode text", tab-separated), or, from
 * a Chinese Windows, GB 18030 (which contains GBK); fields separated by commas (or the tabs or
 * semicolons of other locales: whichever the header line has most of), quoted with `"` and `""`
 * inside, records ended by CRLF, LF or CR (RFC 4180, read leniently).
 */

export type CsvRefusal = 'binary';

/** The text of the file, or why it is not text. */
export function decodeCsv(bytes: Buffer): { text: string } | { refusal: CsvRefusal } {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('gb18030').decode(bytes);
    }
  }
  // A NUL is never in a spreadsheet's text: this is a binary file (an .xls or .xlsx renamed).
  if (text.includes('\u0000')) return { refusal: 'binary' };
  return { text };
}

const DELIMITERS = [',', '\t', ';'] as const;

/** The delimiter the first line uses most, outside quotes; a comma when it has none. */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * The records of a CSV text, each a list of fields; `maxRecords` stops the reading early (the
 * caller refuses a file with more). A record that is only empty fields is kept (the caller skips
 * empty rows but counts them, so row numbers match what a spreadsheet shows).
 *
 * @example parseCsv('a,"b ""c"""\r\n1,2\r\n') // [['a', 'b "c"'], ['1', '2']]
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): string[][] {
  const delimiter = delimiterOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < text.length && records.length < maxRecords) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += char;
      i++;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else field += char;
    i++;
  }
  // The last record, when the file does not end with a line break.
  if (records.length < maxRecords && (field !== '' || record.length > 0)) endRecord();
  return records;
}
