import type { AppConfig } from '../config/env';
import type { Logger } from '../lib/logger';
import type { OrganizationRepository } from './repositories/organization.repository';
import type { SessionRepository } from './repositories/session.repository';
import type { StaffRepository } from './repositories/staff.repository';
import type { WorkflowGateway } from './use-cases/workflow-gateway.port';

export interface ApiDeps {
  config: Pick<AppConfig, 'NODE_ENV' | 'ADMIN_API_TOKEN' | 'SESSION_TTL_HOURS'>;
  logger: Logger;
  organizations: OrganizationRepository;
  staff: StaffRepository;
  sessions: SessionRepository;
  workflows: WorkflowGateway;
}
