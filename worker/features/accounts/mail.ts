/**
 * Outgoing mail behind one small interface (docs/design.md section 2). Development and tests write to the D1
 * dev outbox (readable at /dev/mailbox) and the console; production sends through Cloudflare Email
 * Service's `send_email` binding named MAILER (see README "Deploying").
 */
import { createDb } from '../../core/db/client';
import { devOutbox } from './schema';
import { isDevelopment } from '../../core/env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Where links in mail point: the configured public origin (APP_ORIGIN), never the request's Host header,
 * which a client chooses. Development, where the server is on the developer's own machine, falls back to the
 * request's origin; production without APP_ORIGIN refuses to mail a link rather than guess.
 */
export function appOrigin(c: { env: Env; req: { url: string } }): string {
  if (c.env.APP_ORIGIN) return c.env.APP_ORIGIN.replace(/\/+$/, '');
  if (isDevelopment(c.env)) return new URL(c.req.url).origin;
  throw new Error('APP_ORIGIN must be set to the public origin, e.g. https://scavenger.example');
}

export function mailerFor(env: Env): Mailer {
  if (isDevelopment(env)) {
    return {
      async send(mail) {
        await createDb(env.DB).insert(devOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text, createdAt: Date.now() });
        if (env.ENVIRONMENT === 'development') console.info(`[dev mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
    };
  }
  return {
    async send(mail) {
      if (!env.MAIL_FROM) throw new Error('mail is not configured: set MAIL_FROM');
      await env.MAILER.send({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
