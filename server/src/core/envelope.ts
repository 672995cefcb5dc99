import { BodyStatus, type Envelope } from '@campus/contracts/envelope';

/** The success envelope: every handler returns `ok(data)`. */
export function ok<T>(data: T): Envelope<T> & { status: 200; data: T } {
  return { status: BodyStatus.ok, data };
}
