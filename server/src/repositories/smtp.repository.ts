import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  fromName?: string | null;
  replyTo?: string | null;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:port); undefined means keep mail in the outbox. */
export function smtpTransport(smtpUrl: string, fromAddress: string): MailTransport | undefined {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.fromName ? { name: message.fromName, address: fromAddress } : fromAddress,
        to: message.to,
        subject: message.subject,
        text: message.text,
        replyTo: message.replyTo || undefined,
      });
    },
  };
}
