/**
 * The export's form body (spec §7: `title` and `data` = an HTML table, form-encoded), decoded
 * while it streams in. The server's form parser (app.ts: @fastify/formbody with qs) holds the
 * raw body, then a string of it, then qs's copies: about ten bytes of memory per byte of table
 * for 50 MB of HTML. Here the percent-encoding is undone chunk by chunk into one buffer, and
 * each field becomes a string once, at its end: the table is held as its bytes and then as one
 * string. Fastify's own checks stay: the route's body limit (413), a broken or short body (400).
 * Keys and values are read as qs reads them for these fields (`+` is a space, a repeated key an
 * array, pairs past the spec §9 parameter limit left out), so the contract's schema then
 * validates the result as it would any form.
 */
import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyRequest } from 'fastify';
import { QUERY_STRING_LIMITS } from '@campus/contracts/query-string';

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const PERCENT = 0x25;
const SPACE = 0x20;

/** The value of each byte as a hex digit, or -1. */
const HEX = new Int8Array(256).fill(-1);
for (let d = 0; d < 10; d += 1) HEX[0x30 + d] = d;
for (let d = 0; d < 6; d += 1) {
  HEX[0x41 + d] = 10 + d;
  HEX[0x61 + d] = 10 + d;
}

/**
 * The decoded bytes of the current pair (its key, then its value), in one buffer reused for
 * every pair. Sized from the body's declared length (the decoded form is never longer), so it
 * never grows or copies; the pages the operating system gives it are only those written to.
 */
class PairBytes {
  buffer: Buffer;
  used = 0;

  constructor(expectedBytes: number) {
    this.buffer = Buffer.allocUnsafeSlow(Math.max(256, expectedBytes));
  }

  push(byte: number): void {
    if (this.used === this.buffer.length) {
      // No declared length (a chunked body): grow as needed.
      const grown = Buffer.allocUnsafeSlow(this.buffer.length * 2);
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    this.buffer[this.used] = byte;
    this.used += 1;
  }

  text(from: number, to: number): string {
    return this.buffer.toString('utf8', from, to);
  }
}

/** A streaming `application/x-www-form-urlencoded` decoder. */
export class FormDecoder {
  private readonly fields = new Map<string, string | string[]>();
  private readonly bytes: PairBytes;
  private pairs = 0;
  /** Past the parameter limit: the rest of the body is read and left out. */
  private full = false;
  /** Where the current pair's value starts in `bytes`, once its `=` was read. */
  private valueStart: number | undefined;
  /** The bytes of an escape (`%` and up to one hex digit) cut off by the end of a chunk. */
  private carry: Buffer | undefined;

  /** `expectedBytes`: the body's declared length, when known. */
  constructor(expectedBytes = 0) {
    this.bytes = new PairBytes(expectedBytes);
  }

  write(input: Buffer): void {
    let chunk = input;
    if (this.carry) {
      chunk = Buffer.concat([this.carry, input]);
      this.carry = undefined;
    }
    const n = chunk.length;
    const bytes = this.bytes;
    let i = 0;
    while (i < n && !this.full) {
      const byte = chunk[i] ?? 0;
      if (byte === PERCENT) {
        if (i + 2 >= n) {
          // The escape goes on in the next chunk (or the body ends with it).
          this.carry = Buffer.from(chunk.subarray(i));
          return;
        }
        const high = HEX[chunk[i + 1] ?? 0] ?? -1;
        const low = HEX[chunk[i + 2] ?? 0] ?? -1;
        if (high >= 0 && low >= 0) {
          bytes.push(high * 16 + low);
          i += 3;
        } else {
          // Not an escape (`%zz`): the `%` stays as it is, as qs keeps it.
          bytes.push(PERCENT);
          i += 1;
        }
        continue;
      }
      if (byte === AMPERSAND) this.endPair();
      else if (byte === EQUALS && this.valueStart === undefined) this.valueStart = bytes.used;
      else bytes.push(byte === PLUS ? SPACE : byte);
      i += 1;
    }
  }

  /** The fields; a key given twice is an array of its values, as qs reads it. */
  end(): Record<string, string | string[]> {
    const carry = this.carry;
    this.carry = undefined;
    if (carry) for (const byte of carry) this.bytes.push(byte);
    if (!this.full) this.endPair();
    return Object.fromEntries(this.fields);
  }

  private endPair(): void {
    const { bytes } = this;
    const keyEnd = this.valueStart ?? bytes.used;
    const key = bytes.text(0, keyEnd);
    const value = this.valueStart === undefined ? '' : bytes.text(this.valueStart, bytes.used);
    bytes.used = 0;
    this.valueStart = undefined;
    this.pairs += 1;
    if (this.pairs >= QUERY_STRING_LIMITS.parameterLimit) this.full = true;
    if (key === '') return;
    const earlier = this.fields.get(key);
    if (earlier === undefined) this.fields.set(key, value);
    else if (Array.isArray(earlier)) earlier.push(value);
    else this.fields.set(key, [earlier, value]);
  }
}

/**
 * Fastify's content-type parser for a route whose form may be large: reads the body as it
 * arrives, under the route's body limit, and hands on the decoded fields.
 */
export function streamingFormParser(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  // The decoded form is never longer than the body: one buffer of that size holds any field.
  const decoder = new FormDecoder(Number.isNaN(declared) ? 0 : declared);
  let received = 0;
  let finished = false;
  const finish = (error: Error | null, body?: unknown) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(error, body);
  };
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit) {
      finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    decoder.write(bytes);
  };
  const onEnd = () => {
    if (!Number.isNaN(declared) && received !== declared) {
      finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    finish(null, decoder.end());
  };
  const onError = (error: Error & { statusCode?: number }) => {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}
