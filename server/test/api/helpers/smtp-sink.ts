/**
 * A local SMTP sink for the mail tests (DESIGN.md §8): smtp-server on loopback accepting every
 * message without authentication, each parsed by mailparser, kept in arrival order.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: SunkMail[];
  /** The first mail to `to` not taken before, waiting for it up to `timeoutMs`. */
  take(to: string, timeoutMs?: number): Promise<SunkMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const taken = new Set<SunkMail>();
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const address = (value: typeof parsed.to | typeof parsed.from) =>
            (Array.isArray(value) ? value : value ? [value] : [])
              .flatMap((a) => a.value.map((v) => v.address ?? ''))
              .join(',');
          mails.push({
            from: address(parsed.from),
            to: address(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string, timeoutMs = 5000) =>
    new Promise<SunkMail>((resolve, reject) => {
      const look = () => {
        const mail = mails.find((m) => !taken.has(m) && m.to === to);
        if (!mail) return false;
        taken.add(mail);
        listeners.delete(check);
        clearTimeout(timer);
        resolve(mail);
        return true;
      };
      const check = () => void look();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      listeners.add(check);
      look();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    take,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
