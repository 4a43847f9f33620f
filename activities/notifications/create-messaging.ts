import type { Db } from '../../prisma/client';
import { createOutboxMessaging } from './adapters/outbox/outbox.adapter';
import type { Messaging } from './messaging.port';

/** Builds the messaging adapters from config; the outbox is the embedded default. */
export function createMessaging(opts: { adapter: 'outbox' | 'live'; db: Db }): Messaging {
  if (opts.adapter === 'live') {
    // Vendor adapters (e-mail API, SMTP, SMS providers, team-chat webhooks) are not built yet.
    throw new Error('MESSAGING_ADAPTER=live is not available yet; use MESSAGING_ADAPTER=outbox');
  }
  return createOutboxMessaging(opts.db);
}
