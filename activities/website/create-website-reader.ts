import type { OutboundGuard } from '../http/outbound-address-guard';
import { createLiveWebsiteReader } from './adapters/live/live-website.adapter';
import { createOfflineWebsiteReader } from './adapters/offline/offline-website.adapter';
import type { WebsiteReader } from './website.port';

export function createWebsiteReader(config: { WEBSITE_ADAPTER?: 'offline' | 'live' }, guard: OutboundGuard): WebsiteReader {
  return config.WEBSITE_ADAPTER === 'live' ? createLiveWebsiteReader({ guard }) : createOfflineWebsiteReader();
}
