import { OutboundAddressRefused, sendGuardedRequest, type OutboundGuard } from '../../../http/outbound-address-guard';
import { htmlToReadableText } from '../../html-to-text';
import { WebsiteReadError, type CompanyWebsite, type WebsiteReader } from '../../website.port';

export interface LiveWebsiteOptions {
  guard: OutboundGuard;
  /** One request's budget. */
  timeoutMs?: number;
  /** A page larger than this is refused rather than parsed from a cut-off middle. */
  maxPageBytes?: number;
  maxRedirects?: number;
}

const USER_AGENT = 'HomeAgentScriptGenerator/1.0 (+reads a company home page to draft its phone agent script)';

/**
 * Reads the company's home page over HTTP(S) through the outbound address guard: every hop of a redirect is
 * checked again, so a public site cannot bounce the read to the deployment's own network.
 */
export function createLiveWebsiteReader({ guard, timeoutMs = 10_000, maxPageBytes = 1_000_000, maxRedirects = 3 }: LiveWebsiteOptions): WebsiteReader {
  return {
    async readCompanyWebsite(raw) {
      let url = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`;
      for (let hop = 0; ; hop++) {
        let res;
        try {
          res = await sendGuardedRequest(
            {
              method: 'GET',
              url,
              headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
              timeoutMs,
              maxBodyBytes: maxPageBytes,
            },
            guard,
          );
        } catch (err) {
          if (err instanceof OutboundAddressRefused)
            throw new WebsiteReadError('REFUSED', `The website address was refused: ${err.message.replace(/^refused: /, '')}`, false);
          throw new WebsiteReadError('UNREACHABLE', `The website ${url} could not be reached: ${(err as Error).message}`, true);
        }
        if (res.status >= 300 && res.status < 400 && res.headers.location) {
          if (hop >= maxRedirects) throw new WebsiteReadError('HTTP_STATUS', `The website ${raw} redirects more than ${maxRedirects} times`, false);
          url = new URL(res.headers.location, url).toString();
          continue;
        }
        if (res.status >= 500 || res.status === 429) throw new WebsiteReadError('HTTP_STATUS', `The website ${url} answered ${res.status}`, true);
        if (res.status !== 200) throw new WebsiteReadError('HTTP_STATUS', `The website ${url} answered ${res.status}`, false);
        const type = String(res.headers['content-type'] ?? '');
        if (type !== '' && !/text\/html|application\/xhtml\+xml/i.test(type)) {
          throw new WebsiteReadError('NOT_HTML', `The website ${url} answered ${type.split(';')[0]}, not a web page`, false);
        }
        if (res.bodyBytes > maxPageBytes) throw new WebsiteReadError('TOO_LARGE', `The page at ${url} is over ${Math.round(maxPageBytes / 1000)} kB`, false);
        return readable(url, res.body);
      }
    },
  };
}

export function readable(url: string, html: string): CompanyWebsite {
  const page = htmlToReadableText(html);
  if (page.text.trim() === '') throw new WebsiteReadError('EMPTY', `The page at ${url} has no readable text`, false);
  return { url, title: page.title, text: page.text };
}
