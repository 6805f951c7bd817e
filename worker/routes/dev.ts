/** The dev mailbox (DESIGN.md section 2): mail "sent" in development, readable only when ENVIRONMENT=development. */
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { devOutbox } from '../db/schema';
import type { AppEnv } from '../env';
import { notFound } from '../errors';
import { isDevelopment } from '../mail';

const LINK = /(https?:\/\/[^\s]+)/g;

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    await next();
  })
  .get('/mailbox', async (c) => {
    const mails = await c.var.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(50);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Dev mailbox</title>
        </head>
        <body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem">
          <h1>Dev mailbox</h1>
          <p>Mail the game would have sent, newest first. Development only.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
          ${mails.map(
            (mail) => html`<article data-testid="mail" style="border-top: 1px solid #ccc; padding: 1rem 0">
              <p><strong>To:</strong> <span data-testid="mail-to">${mail.to}</span><br /><strong>Subject:</strong> ${mail.subject}<br /><small>${new Date(mail.createdAt).toISOString()}</small></p>
              <pre style="white-space: pre-wrap">${mail.body.split(LINK).map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : part))}</pre>
            </article>`,
          )}
        </body>
      </html>`);
  });
