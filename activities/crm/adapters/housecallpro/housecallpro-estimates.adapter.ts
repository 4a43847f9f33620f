import { CrmError } from '../../crm.port';
import { pageOf } from '../vendor-port';
import type { HousecallProClient } from './housecallpro-client';
import { HcpEstimateSchema, type HcpEstimate } from './housecallpro.types';
import { isApproved, isClosed, toEstimate } from './housecallpro-mapping';
import { type HousecallProContext } from './housecallpro-context';
import { type CrmEstimatesPort } from '../../crm.port';

/** The estimates part of the CRM port over Housecall Pro. */
export function housecallProEstimates(client: HousecallProClient, context: HousecallProContext) {
  const { rawJob, rawEstimate, requireEstimate } = context;
  return {
    async listEstimates(query) {
      let estimates: HcpEstimate[];
      if (query.ids?.length || query.jobId) {
        // A job names the estimates it was copied from; estimates do not name their job.
        const ids = query.ids?.length ? query.ids : ((await rawJob(query.jobId!))?.original_estimate_uuids ?? []);
        estimates = (await Promise.all(ids.map((id) => rawEstimate(id)))).filter(
          (e): e is HcpEstimate => e !== null && (!query.customerId || e.customer?.id === query.customerId),
        );
      } else if (!query.status) {
        const page = await client.page('estimates', 'estimates', HcpEstimateSchema, { customer_id: query.customerId }, query);
        return { ...page, data: page.data.map(toEstimate) };
      } else {
        estimates = await client.listAll('estimates', 'estimates', HcpEstimateSchema, { customer_id: query.customerId }, { maxItems: 2000 });
      }
      const data = estimates.map(toEstimate).map((e) => (query.jobId ? { ...e, jobId: query.jobId } : e));
      return pageOf(query.status ? data.filter((e) => e.status === query.status) : data, query);
    },

    async getEstimate(estimateId) {
      const estimate = await rawEstimate(estimateId);
      return estimate ? toEstimate(estimate) : null;
    },

    async sellEstimate(estimateId) {
      // Approved through the API, an option reads "pro approved": the seller is the API key's company, not soldBy.
      const estimate = await requireEstimate(estimateId);
      if (toEstimate(estimate).status === 'Sold') return toEstimate(estimate);
      const open = (estimate.options ?? []).filter((o) => !isClosed(o.approval_status));
      if (open.length !== 1) {
        throw new CrmError(
          'INVALID_REQUEST',
          open.length === 0
            ? `Estimate ${estimateId} has no open option to approve`
            : `Estimate ${estimateId} has ${open.length} options: approve the chosen one in Housecall Pro`,
        );
      }
      await client.write('POST', 'estimates/options/approve', { option_ids: [open[0].id] });
      return toEstimate(await requireEstimate(estimateId));
    },

    async unsellEstimate(estimateId) {
      // Housecall Pro cannot put an approved option back to pending; declining it is the nearest, and reads Dismissed.
      const estimate = await requireEstimate(estimateId);
      const approved = (estimate.options ?? []).filter((o) => isApproved(o.approval_status));
      if (approved.length === 0) return toEstimate(estimate);
      await client.write('POST', 'estimates/options/decline', { option_ids: approved.map((o) => o.id) });
      return toEstimate(await requireEstimate(estimateId));
    },
  } satisfies Partial<CrmEstimatesPort>;
}
