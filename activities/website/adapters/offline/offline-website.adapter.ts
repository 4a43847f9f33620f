import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readable } from '../live/live-website.adapter';
import type { WebsiteReader } from '../../website.port';

/** The stored page (a contractor's home page), read through the same HTML-to-text code as a live page. */
export const OFFLINE_PAGE_PATH = path.join(__dirname, 'contractor-home-page.html');

/** WEBSITE_ADAPTER=offline: every URL answers the stored contractor home page, so script generation works without a network. */
export function createOfflineWebsiteReader(html: string = readFileSync(OFFLINE_PAGE_PATH, 'utf8')): WebsiteReader {
  return {
    async readCompanyWebsite(url) {
      return readable(url, html);
    },
  };
}
