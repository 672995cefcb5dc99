/**
 * Outgoing mail (DESIGN.md §8: SMTP_URL, MAIL_FROM) through nodemailer's SMTP transport, the
 * only door to it, so the services hold no transport details and tests read what was sent
 * from a local SMTP sink. No SMTP_URL: no mailer, and the callers offer the administrator.
 */
import nodemailer from 'nodemailer';

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
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
