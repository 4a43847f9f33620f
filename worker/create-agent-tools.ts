import { Context } from '@temporalio/activity';
import type { AgentTools } from '../activities/agent-runtime/agent-tools.port';
import type { CrmProvider } from '../activities/crm/crm.port';
import type { EventPublisher } from '../events/bus/event-bus.port';
import type { Logger } from '../lib/logger';
import type { Db } from '../prisma/client';
import { createOrganizationRepository } from '../api/repositories/organization.repository';
import { createVoiceToolAuthRepository } from '../api/repositories/voice-tool-auth.repository';
import { createCapacityRepository } from '../api/repositories/capacity.repository';
import { createInProcessAgentTools } from '../api/use-cases/voice-agent-tools/in-process-agent-tools';
import { createTemporalCrmActionGateway } from '../api/use-cases/temporal-crm-action-gateway';

/** How long an agent's booking waits for its CRM action, as the tool endpoint does. */
const ACTION_WAIT_MS = 8000;

/**
 * The in-house agent's tools in the worker: the tool endpoint's use case with the worker's CRM and event
 * bus. CRM actions start their durable workflow through the client of the activity that runs the turn.
 */
export function createWorkerAgentTools(deps: { db: Db; crm: CrmProvider; events: EventPublisher; logger: Logger; taskQueuePrefix: string }): AgentTools {
  return createInProcessAgentTools({
    logger: deps.logger,
    organizations: createOrganizationRepository(deps.db),
    capacity: { repository: createCapacityRepository(deps.db), events: deps.events },
    crm: {
      provider: deps.crm,
      actions: { runAction: (input, workflowId, waitMs) => createTemporalCrmActionGateway(Context.current().client, deps.taskQueuePrefix).runAction(input, workflowId, waitMs) },
      toolAuth: createVoiceToolAuthRepository(deps.db),
      events: deps.events,
      actionWaitMs: ACTION_WAIT_MS,
    },
  });
}
