import { ApplicationFailure } from '@temporalio/activity';
import { WebsiteReadError, type CompanyWebsite, type WebsiteReader } from './website.port';

export function createWebsiteActivities({ website }: { website: WebsiteReader }) {
  return {
    /** A refused address, a 404 or a page that is not HTML fail at once; a timeout or a 5xx is retried. */
    async readCompanyWebsite({ url }: { url: string }): Promise<CompanyWebsite> {
      try {
        return await website.readCompanyWebsite(url);
      } catch (err) {
        if (err instanceof WebsiteReadError) {
          throw ApplicationFailure.create({ message: err.message, type: `WebsiteRead.${err.code}`, nonRetryable: !err.retryable });
        }
        throw err;
      }
    },
  };
}

export type WebsiteActivities = ReturnType<typeof createWebsiteActivities>;
