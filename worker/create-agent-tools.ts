import { Context } from '@temporalio/activity';
import type { AgentTools } from '../activities/agent-runtime/agent-tools.port';
import { createTemporalCrmActionGateway } from '../activities/agent-tools/adapters/temporal/temporal-crm-action-gateway.adapter';
import { createInProcessAgentTools } from '../activities/agent-tools/in-process-agent-tools';
import type { CrmProvider } from '../activities/crm/crm.port';
import type { EventPublisher } from '../events/bus/event-bus.port';
import { createCapacityRepository } from '../events/projections/capacity-settings/capacity-settings.repository';
import { createOrganizationRepository } from '../events/projections/organizations/organizations.repository';
import type { Logger } from '../lib/logger';
import type { Db } from '../prisma/client';

/** How long an agent's booking waits for its CRM action, as the tool endpoint does. */
const ACTION_WAIT_MS = 8000;

/**
 * The in-house agent's tools in the worker, with the worker's CRM and event bus. CRM actions start their
 * durable workflow through the client of the activity that runs the turn.
 */
export function createWorkerAgentTools(deps: { db: Db; crm: CrmProvider; events: EventPublisher; logger: Logger; taskQueuePrefix: string }): AgentTools {
  return createInProcessAgentTools({
    logger: deps.logger,
    organizations: createOrganizationRepository(deps.db),
    capacity: { repository: createCapacityRepository(deps.db) },
    crm: {
      provider: deps.crm,
      actions: {
        runAction: (input, workflowId, waitMs) =>
          createTemporalCrmActionGateway(Context.current().client, deps.taskQueuePrefix).runAction(input, workflowId, waitMs),
      },
      events: deps.events,
      actionWaitMs: ACTION_WAIT_MS,
    },
  });
}
