import { defineRoute } from '../../http/route';
import { EmergencyStrategyListSchema } from './emergency-strategy.schema';

export const listEmergencyStrategiesRoute = defineRoute({
  method: 'get',
  path: '/emergency-strategy',
  summary: "Every organization's emergency config (admin)",
  tag: 'Admin',
  access: { kind: 'operator' },
  response: { schema: EmergencyStrategyListSchema, description: 'Organizations by name, each with its emergency_config (defaults when never saved)' },
  errors: [401],
  async handler({ deps }) {
    return { organizations: await deps.capacity.repository.listEmergencyConfigs() };
  },
});
