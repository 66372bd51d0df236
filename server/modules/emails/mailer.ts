import { createTransport, type Transporter } from 'nodemailer';
import type { RenderedEmail } from './render.ts';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** one-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post */
  unsubscribeUrl?: string;
  /** the sender's name: a program email comes from its store ("Demo Coffee Roasters" <address of EMAIL_FROM>) */
  fromName?: string;
}

/** The address of a From setting ("Loyalty Studio <no-reply@x>" → "no-reply@x"). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Something that delivers an email or throws with the reason (SMTP refusal, timeout). */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the SMTP mailer (SMTP_URL), or undefined: program emails then stay in the outbox (server/http/app.ts decorates it) */
    mailer: Mailer | undefined;
  }
}

/** Nodemailer over `smtpUrl` (smtp://user:pass@host:port), with short timeouts so a dead peer fails fast. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = createTransport(smtpUrl, { from });
  const options = transport.options as { connectionTimeout?: number; greetingTimeout?: number; socketTimeout?: number };
  options.connectionTimeout = 10_000;
  options.greetingTimeout = 10_000;
  options.socketTimeout = 20_000;
  return {
    async send(email) {
      await transport.sendMail({
        ...(email.fromName ? { from: { name: email.fromName, address: senderAddress(from) } } : {}),
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.unsubscribeUrl
          ? { list: { unsubscribe: { url: email.unsubscribeUrl, comment: 'Unsubscribe' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
