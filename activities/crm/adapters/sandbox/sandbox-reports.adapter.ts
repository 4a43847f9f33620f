import type { Db } from '../../../../prisma/client';
import { CrmError } from '../../crm.port';
import { rowsPage, type TelecomCallData } from './sandbox-records';
import { type SandboxTechnicianData } from './sandbox-seed';
import { type BusinessUnit, type JobType } from '../../../../domain/crm/crm-records';
import { type SandboxContext } from './sandbox-context';
import { type CrmReportsPort } from '../../crm.port';

/** The reports part of the CRM port over the sandbox. */
export function sandboxReports(db: Db, orgId: string, context: SandboxContext) {
  const { reference, recordsOf, records } = context;
  return {
    async runReport(categoryId, reportId, parameters, page) {
      const report = await records.getReport(categoryId, reportId);
      if (!report) return null;
      const value = (name: string) => parameters.find((p) => p.name === name)?.value;
      for (const param of report.parameters) {
        if (param.isRequired && (value(param.name) === undefined || value(param.name) === null || value(param.name) === '')) {
          throw new CrmError('INVALID_REQUEST', `Parameter ${param.name} is required`);
        }
      }
      const asDate = (name: string) => {
        const d = new Date(String(value(name)));
        if (Number.isNaN(d.getTime())) throw new CrmError('INVALID_REQUEST', `Parameter ${name} must be a date`);
        return d;
      };
      const [from, to] = [asDate('From'), asDate('To')];
      if (reportId === '5001') {
        const unitFilter = value('BusinessUnitIds');
        const units = Array.isArray(unitFilter) ? unitFilter.map(String) : undefined;
        const jobs = await db.sandboxJob.findMany({
          where: { orgId, createdAt: { gte: from, lt: to }, ...(units ? { businessUnitId: { in: units } } : {}) },
          orderBy: { id: 'asc' },
        });
        const customers = await db.sandboxCustomer.findMany({ where: { orgId, id: { in: jobs.map((j) => j.customerId) } }, select: { id: true, name: true } });
        const unitNames = await reference<BusinessUnit>('business_unit');
        const rows = jobs.map((j) => [
          `SB-${j.id}`,
          customers.find((c) => c.id === j.customerId)?.name ?? '',
          unitNames.find((u) => u.id === j.businessUnitId)?.name ?? '',
          j.jobStatus,
          j.createdAt.toISOString(),
        ]);
        return rowsPage(report.fields, rows, page);
      }
      const calls = (await recordsOf('telecom_call')).filter((r) => {
        const at = new Date((r.data as unknown as TelecomCallData).receivedOn).getTime();
        return at >= from.getTime() && at < to.getTime();
      });
      const [campaigns, reasons] = await Promise.all([records.listCampaigns(), records.listCallReasons()]);
      const byCampaign = new Map<string, { calls: number; leads: number }>();
      for (const call of calls) {
        const d = call.data as unknown as TelecomCallData;
        const name = campaigns.find((c) => c.id === d.campaignId)?.name ?? 'No campaign';
        const entry = byCampaign.get(name) ?? { calls: 0, leads: 0 };
        entry.calls += 1;
        if (reasons.find((r) => r.id === d.reasonId)?.isLead) entry.leads += 1;
        byCampaign.set(name, entry);
      }
      return rowsPage(
        report.fields,
        [...byCampaign].map(([name, e]) => [name, e.calls, e.leads]),
        page,
      );
    },

    async getDynamicValueSet(dynamicSetId, page) {
      const fields = [
        { name: 'Value', label: 'Id' },
        { name: 'Name', label: 'Name' },
      ];
      const sets: Record<string, () => Promise<{ id: string; name: string }[]>> = {
        'business-units': () => reference<BusinessUnit>('business_unit'),
        'job-types': () => reference<JobType>('job_type'),
        technicians: () => reference<SandboxTechnicianData>('technician'),
        campaigns: () => records.listCampaigns(),
      };
      const load = sets[dynamicSetId];
      if (!load) return null;
      return rowsPage(
        fields,
        (await load()).map((x) => [x.id, x.name]),
        page,
      );
    },
  } satisfies Partial<CrmReportsPort>;
}
