/**
 * Outgoing mail (DESIGN.md §8: SMTP_URL, MAIL_FROM) through nodemailer's SMTP transport, the
 * only door to it, so the services hold no transport details and tests read what was sent
 * from a local SMTP sink. No SMTP_URL: no mailer, and the callers offer the administrator.
 */
import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../../core/lazy-imports.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A mailer over `smtpUrl` (`smtp://…` or `smtps://…`) sending as `from`. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // The transport (and nodemailer) is made on the first mail: most instances seldom send one.
  let transport: Promise<Transporter> | undefined;
  let closed = false;
  return {
    async send(mail) {
      transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
      const smtp = await transport;
      if (closed) smtp.close();
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => {
      closed = true;
      void transport?.then((smtp) => smtp.close());
    },
  };
}
