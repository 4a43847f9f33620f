import { ApplicationFailure } from '@temporalio/activity';
import type { Logger } from '../../lib/logger';
import { CRM_VENDOR_NAMES, type CrmConnection } from '../../domain/crm/crm-config.schema';
import { CrmError } from './crm.port';
import type { CrmConnectionStore } from './crm-connection.repository';

export interface CrmConnectionActivityDeps {
  /** Absent in a process built without the CRM configuration: onboarding then has nothing to attach. */
  connections: CrmConnectionStore | null;
  /** One cheap read with the credentials (create-crm.ts verifyCrmConnection). */
  verify: (connection: CrmConnection) => Promise<void>;
  logger: Logger;
}

/**
 * Onboarding's steps on an organization's own CRM credentials. The API stores them (sealed) under the
 * onboarding's slug before the run starts; the run only ever carries the slug and the org id.
 */
export function createCrmConnectionActivities({ connections, verify, logger }: CrmConnectionActivityDeps) {
  async function staged(slug: string): Promise<CrmConnection> {
    const connection = await connections?.findStaged(slug);
    if (!connection) throw ApplicationFailure.nonRetryable(`No CRM credentials are stored for the onboarding of "${slug}"`, 'CrmConnectionMissing');
    return connection;
  }

  return {
    /** skip_crm_test false: the credentials must work before the organization is created. */
    async verifyStagedCrmConnection({ slug }: { slug: string }): Promise<{ crmName: CrmConnection['crmName'] }> {
      const connection = await staged(slug);
      const vendor = CRM_VENDOR_NAMES[connection.crmName];
      try {
        await verify(connection);
      } catch (err) {
        if (err instanceof CrmError && !err.retryable) {
          logger.warn({ slug, crmName: connection.crmName, code: err.code }, 'CRM credentials refused');
          throw ApplicationFailure.nonRetryable(`The ${vendor} credentials in crm_config did not work: ${err.message}`, 'CrmConnectionTestFailed', {
            code: err.code,
          });
        }
        throw err;
      }
      logger.info({ slug, crmName: connection.crmName }, 'CRM credentials verified');
      return { crmName: connection.crmName };
    },

    async attachCrmConnection({ slug, orgId }: { slug: string; orgId: string }): Promise<void> {
      if (!connections || !(await connections.attach(slug, orgId))) {
        throw ApplicationFailure.nonRetryable(`No CRM credentials are stored for the onboarding of "${slug}"`, 'CrmConnectionMissing');
      }
      logger.info({ slug, orgId }, 'CRM connection attached');
    },
  };
}

export type CrmConnectionActivities = ReturnType<typeof createCrmConnectionActivities>;
