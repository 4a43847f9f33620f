import { CrmError } from '../../crm.port';
import type { HousecallProClient } from './housecallpro-client';
import { HcpCustomerSchema, HcpEstimateSchema, HcpJobSchema, HcpTagSchema, type HcpEstimate, type HcpJob } from './housecallpro.types';
import { type Customer, type CustomerLocation, type Job } from '../../../../domain/crm/crm-records';
import { parse, toLocation, toCustomer, toJob } from './housecallpro-mapping';

/** What several of the Housecall Pro sub-port adapters share: reads and helpers over one company account. */
export function housecallProContext(client: HousecallProClient) {
  async function rawJob(jobId: string): Promise<HcpJob | null> {
    const raw = await client.send('GET', `jobs/${encodeURIComponent(jobId)}`);
    return raw === null ? null : parse(HcpJobSchema, raw, 'job');
  }

  async function requireRawJob(jobId: string): Promise<HcpJob> {
    const job = await rawJob(jobId);
    if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
    return job;
  }

  async function getJob(jobId: string): Promise<Job | null> {
    const job = await rawJob(jobId);
    return job ? toJob(job) : null;
  }

  async function rawEstimate(estimateId: string): Promise<HcpEstimate | null> {
    const raw = await client.send('GET', `estimates/${encodeURIComponent(estimateId)}`);
    return raw === null ? null : parse(HcpEstimateSchema, raw, 'estimate');
  }

  async function requireEstimate(estimateId: string): Promise<HcpEstimate> {
    const estimate = await rawEstimate(estimateId);
    if (!estimate) throw new CrmError('NOT_FOUND', `Estimate ${estimateId} not found`);
    return estimate;
  }

  async function requireCustomer(customerId: string): Promise<Customer> {
    const customer = await getCustomer(customerId);
    if (!customer) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
    return customer;
  }

  /** Service addresses in a zip code: q searches addresses too, so the zip finds their customers. */
  async function locationsByZip(zip: string): Promise<CustomerLocation[]> {
    const customers = await client.listAll('customers', 'customers', HcpCustomerSchema, { q: zip }, { maxItems: 500 });
    return customers.flatMap((c) => (c.addresses ?? []).filter((a) => a.type !== 'billing' && a.zip === zip).map((a) => toLocation(c.id, a)));
  }

  async function tagsById(): Promise<Map<string, string>> {
    return new Map((await client.listAll('tags', 'tags', HcpTagSchema)).map((t) => [t.id, t.name]));
  }

  async function getCustomer(customerId: string): Promise<Customer | null> {
    const raw = await client.send('GET', `customers/${encodeURIComponent(customerId)}`);
    return raw === null ? null : toCustomer(parse(HcpCustomerSchema, raw, 'customer'));
  }

  return { rawJob, requireRawJob, getJob, rawEstimate, requireEstimate, requireCustomer, locationsByZip, tagsById, getCustomer };
}

export type HousecallProContext = ReturnType<typeof housecallProContext>;
