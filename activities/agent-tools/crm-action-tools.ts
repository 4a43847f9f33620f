import type { CrmName } from '../../domain/organization/organization-settings.schema';
import { toZonedParts } from '../../domain/time/zoned-time';
import { countryFromTimezone } from '../../domain/validation/country';
import type { CrmActionInput, CrmActionResult } from '../../domain/actions/crm-action.types';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { PendingCrmAction } from './crm-action-gateway.port';
import { speakDate, speakList, speakWindow } from './speakable';
import { OFFER_CALLBACK, crmOfTool, featureFlagsOf, localInstant, parseToolArgs, recordToolEvent, type ToolContext } from './tool-context';
import { getJobsArgsSchema, UpdateEstimateArgsSchema, confirmAppointmentArgsSchema, jobCancelArgsSchema, jobRescheduleArgsSchema } from './tool-parameters';
import type { ToolAnswer } from './run-voice-agent-tool';

const NO_CRM = `I can't change appointments for this company from the phone. ${OFFER_CALLBACK}`;

type Outcome = CrmActionResult | PendingCrmAction;

/** Starts (or joins, for the same business key) the action's durable workflow and waits briefly for it. */
function runAction(ctx: ToolContext, action: Pick<CrmActionInput, 'actionType' | 'payload'>, businessKey: string): Promise<Outcome> {
  const input = {
    meta: { correlationId: ctx.correlationId },
    orgId: ctx.org.id,
    crmName: ctx.org.crmName as CrmName,
    businessKey,
    interactionId: ctx.request.interactionId,
    ...action,
  } as CrmActionInput;
  return ctx.deps.crm.actions.runAction(input, workflowIds.crmAction(ctx.org.id, action.actionType, businessKey), ctx.deps.crm.actionWaitMs);
}

/** Keys are built from what the caller said, so a repeated tool call joins the first run. */
const addressKey = (address: string) =>
  address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function pendingOrDropped(outcome: Outcome, what: string): ToolAnswer | null {
  if (outcome.status === 'NEW') {
    return {
      result: `The ${what} is being saved. Tell the caller they will get a confirmation shortly, then ask if there is anything else.`,
      data: { action_status: 'NEW' },
    };
  }
  if (outcome.status === 'DROPPED') {
    return {
      result: `I could not find or change that ${what.split(' ')[0]} in the schedule. Tell the caller the office will call them back about it, then ask if there is anything else.`,
      data: { action_status: 'DROPPED', actionId: outcome.actionId, reason: outcome.reason },
    };
  }
  return null;
}

export async function confirmAppointment(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(confirmAppointmentArgsSchema, ctx.request.args);
  if (!crmOfTool(ctx)) return { result: NO_CRM };
  const outcome = await runAction(ctx, { actionType: 'confirm_appointment', payload: { appointment_id: args.appointmentId } }, args.appointmentId);
  const early = pendingOrDropped(outcome, 'appointment confirmation');
  if (early || outcome.status !== 'COMPLETED') return early!;
  const already = outcome.result.changed === 'false';
  return {
    result: already
      ? 'That appointment was already confirmed. Tell the caller it stands, then ask if there is anything else.'
      : 'The appointment is confirmed. Tell the caller, then ask if there is anything else.',
    data: { action_status: 'COMPLETED', actionId: outcome.actionId, ...outcome.result },
  };
}

export async function cancelJob(ctx: ToolContext): Promise<ToolAnswer> {
  const flags = await featureFlagsOf(ctx);
  const args = parseToolArgs(jobCancelArgsSchema(countryFromTimezone(ctx.org.timezone), flags.full_reschedule_and_cancel), ctx.request.args);
  const when = localInstant('appointment_time', args.appointment_time, ctx, false);
  if (!crmOfTool(ctx)) return { result: NO_CRM };
  const businessKey = `${args.job_id ?? addressKey(args.address)}/${when.local}`;
  const payload = {
    address: args.address,
    zip: args.zip ?? null,
    appointment_time: when.local,
    appointment_start_utc: when.instant.toISOString(),
    job_id: args.job_id ?? null,
  };
  const outcome = await runAction(ctx, { actionType: 'job_cancel', payload }, businessKey);
  const early = pendingOrDropped(outcome, 'cancellation');
  if (early || outcome.status !== 'COMPLETED') return early!;
  return {
    result: `Job ${outcome.result.jobNumber} on ${speakDate(when.date)} is canceled. Tell the caller, ask if they would like to book another time, then ask if there is anything else.`,
    data: { action_status: 'COMPLETED', actionId: outcome.actionId, ...outcome.result },
  };
}

export async function rescheduleJob(ctx: ToolContext): Promise<ToolAnswer> {
  const flags = await featureFlagsOf(ctx);
  const args = parseToolArgs(jobRescheduleArgsSchema(countryFromTimezone(ctx.org.timezone), flags.full_reschedule_and_cancel), ctx.request.args);
  const from = localInstant('original_appointment_time', args.original_appointment_time, ctx, false);
  const to = localInstant('new_appointment_time', args.new_appointment_time, ctx, true);
  if (!crmOfTool(ctx)) return { result: NO_CRM };
  const businessKey = `${args.job_id ?? addressKey(args.address)}/${from.local}/${to.local}`;
  const payload = {
    address: args.address,
    zip: args.zip ?? null,
    original_appointment_time: from.local,
    original_start_utc: from.instant.toISOString(),
    new_appointment_time: to.local,
    new_start_utc: to.instant.toISOString(),
    job_id: args.job_id ?? null,
  };
  const outcome = await runAction(ctx, { actionType: 'job_reschedule', payload }, businessKey);
  const early = pendingOrDropped(outcome, 'appointment change');
  if (early || outcome.status !== 'COMPLETED') return early!;
  const end = toZonedParts(new Date(to.instant.getTime() + 2 * 3_600_000), ctx.org.timezone).time;
  return {
    result: `Job ${outcome.result.jobNumber} is moved to ${speakWindow(to.date, to.time, end)}. Tell the caller, ask if there is anything else, then end the call.`,
    data: { action_status: 'COMPLETED', actionId: outcome.actionId, ...outcome.result },
  };
}

export async function updateEstimate(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(UpdateEstimateArgsSchema, ctx.request.args);
  if (!crmOfTool(ctx)) return { result: `I can't update estimates for this company from the phone. ${OFFER_CALLBACK}` };
  const outcome = await runAction(
    ctx,
    { actionType: 'update_estimate', payload: { estimate_id: args.estimate_id, status: args.status } },
    `${args.estimate_id}/${args.status}`,
  );
  const early = pendingOrDropped(outcome, 'estimate update');
  if (early || outcome.status !== 'COMPLETED') return early!;
  const said = args.status === 'sold' ? 'accepted; the office will schedule the work' : 'marked as not accepted';
  return {
    result: `The estimate "${outcome.result.name}" is ${said}. Tell the caller, then ask if there is anything else.`,
    data: { action_status: 'COMPLETED', actionId: outcome.actionId, ...outcome.result },
  };
}

/** The caller's upcoming appointments, so the agent can confirm, move or cancel the right one. */
export async function getJobs(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(getJobsArgsSchema(countryFromTimezone(ctx.org.timezone)), ctx.request.args);
  const crm = crmOfTool(ctx);
  if (!crm) return { result: `I can't look up appointments for this company. ${OFFER_CALLBACK}`, data: { jobs: [] } };
  const customers = await crm.findCustomersByPhone(args.phone_number);
  if (customers.length === 0) {
    await recordToolEvent(ctx, 'get_jobs', { phone_number: args.phone_number, found: 0 });
    return {
      result: 'No customer record matches that number, so there are no appointments to find. Ask for the name and address the appointment was booked under.',
      data: { jobs: [] },
    };
  }
  const [jobTypes, jobsByCustomer] = await Promise.all([crm.listJobTypes(), Promise.all(customers.map((c) => crm.findJobsByCustomer(c.id)))]);
  const tz = ctx.org.timezone;
  const upcoming = jobsByCustomer
    .flat()
    .filter((j) => j.jobStatus === 'SCHEDULED')
    .flatMap((job) =>
      job.appointments
        .filter((a) => a.status !== 'Canceled' && a.status !== 'Done' && a.end.getTime() > ctx.now.getTime())
        .map((a) => {
          const start = toZonedParts(a.arrivalWindowStart ?? a.start, tz);
          const end = toZonedParts(a.arrivalWindowEnd ?? a.end, tz);
          const location = customers.flatMap((c) => c.locations).find((l) => l.id === job.locationId);
          return {
            job_id: job.id,
            job_number: job.jobNumber,
            appointment_id: a.id,
            appointment_time: `${start.date}T${start.time}:00`,
            job_type: jobTypes.find((t) => t.id === job.jobTypeId)?.name ?? job.summary,
            address: location ? `${location.address.street}, ${location.address.city}` : null,
            is_confirmed: a.isConfirmed,
            spoken: speakWindow(start.date, start.time, end.time),
          };
        }),
    )
    .sort((a, b) => a.appointment_time.localeCompare(b.appointment_time));
  await recordToolEvent(ctx, 'get_jobs', { phone_number: args.phone_number, found: upcoming.length, jobIds: upcoming.map((u) => u.job_id) });
  const name = customers[0].name;
  if (upcoming.length === 0) {
    return { result: `${name} has no upcoming appointments. Ask if they would like to book one.`, data: { jobs: [] } };
  }
  const listed = speakList(upcoming.map((u) => `${u.job_type} on ${u.spoken}`));
  const next =
    upcoming.length === 1
      ? 'Confirm it with the caller and ask whether they want to keep, move or cancel it.'
      : 'Ask which one the call is about, then whether they want to keep, move or cancel it.';
  return {
    result: `${name} has ${upcoming.length} upcoming appointment${upcoming.length === 1 ? '' : 's'}: ${listed}. ${next}`,
    data: { jobs: upcoming.map(({ spoken: _s, ...u }) => u) },
  };
}

/** has_zones makes get_capacity the zipcode variant (spec 000 §7 "Feature flags swap tool versions"). */
export async function capacityVariantFor(
  ctx: ToolContext,
  tool: 'get_capacity' | 'get_capacity_zones' | 'get_capacity_trades',
): Promise<'default' | 'zones' | 'trades'> {
  if (tool === 'get_capacity_zones') return 'zones';
  if (tool === 'get_capacity_trades') return 'trades';
  // With a zip code given both variants read the same; only without one does the flag decide.
  const zipcode = ctx.request.args.zipcode;
  if (zipcode !== undefined && zipcode !== null && zipcode !== '') return 'zones';
  return (await featureFlagsOf(ctx)).has_zones ? 'zones' : 'default';
}
