import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import { StEstimateSchema } from './servicetitan.types';
import { toEstimate } from './servicetitan-mapping';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmEstimatesPort } from '../../crm.port';

/** The estimates part of the CRM port over ServiceTitan. */
export function serviceTitanEstimates(client: ServiceTitanClient, context: ServiceTitanContext) {
  const { getEstimate, requireEstimate } = context;
  return {
    async listEstimates(query) {
      const page = await client.page(
        'sales',
        'estimates',
        StEstimateSchema,
        {
          ids: query.ids?.map((id) => numericId(id, 'Estimate')),
          customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
          jobId: query.jobId ? numericId(query.jobId, 'Job') : undefined,
          status: query.status,
        },
        query,
      );
      const data = page.data.map(toEstimate);
      return { ...page, data: query.status ? data.filter((e) => e.status === query.status) : data };
    },

    getEstimate,

    async sellEstimate(estimateId, soldBy) {
      const estimate = await requireEstimate(estimateId);
      if (estimate.status === 'Sold') return estimate;
      await client.write('PUT', 'sales', `estimates/${estimate.id}/sell`, { soldBy: numericId(soldBy, 'Employee') });
      return requireEstimate(estimateId);
    },

    async unsellEstimate(estimateId) {
      const estimate = await requireEstimate(estimateId);
      if (estimate.status !== 'Sold') return estimate;
      await client.write('PUT', 'sales', `estimates/${estimate.id}/unsell`, {});
      return requireEstimate(estimateId);
    },
  } satisfies Partial<CrmEstimatesPort>;
}
