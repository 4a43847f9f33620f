import type { Db } from '../../prisma/client';
import { createHttpCustomerSuccessTracker } from './adapters/http/http-tracker.adapter';
import { createOfflineCustomerSuccessTracker } from './adapters/offline/offline-tracker.adapter';
import type { CustomerSuccessTracker } from './customer-success-tracker.port';

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export interface CustomerSuccessConfig {
  CUSTOMER_SUCCESS_ADAPTER: 'offline' | 'http';
  CUSTOMER_SUCCESS_API_URL?: string;
  CUSTOMER_SUCCESS_API_KEY?: string;
}

/** Builds the tracking adapter from config (CUSTOMER_SUCCESS_ADAPTER); offline keeps every event in the database. */
export function createCustomerSuccessTracker(config: CustomerSuccessConfig, db: Db): CustomerSuccessTracker {
  if (config.CUSTOMER_SUCCESS_ADAPTER === 'http') {
    // loadConfig refuses http without a URL; a hand-built config gets the same message here.
    if (!config.CUSTOMER_SUCCESS_API_URL) throw new Error('CUSTOMER_SUCCESS_API_URL: required when CUSTOMER_SUCCESS_ADAPTER is http');
    return createHttpCustomerSuccessTracker(
      { baseUrl: config.CUSTOMER_SUCCESS_API_URL, ...(config.CUSTOMER_SUCCESS_API_KEY ? { apiKey: config.CUSTOMER_SUCCESS_API_KEY } : {}) },
      db,
    );
  }
  return createOfflineCustomerSuccessTracker(db);
}
