import type { CrmName } from '../../domain/organization/organization-settings.schema';
import { toZonedParts } from '../../domain/time/zoned-time';
import { countryFromTimezone } from '../../domain/validation/country';
import { formatPhoneNumberForDisplay } from '../../domain/validation/phone';
import { normalizeUnicodeDeep } from '../../domain/validation/text';
import { checkOrgCapacity } from './check-org-capacity';
import { CrmError, type CrmPort } from '../crm/crm.port';
import { workflowIds } from '../../domain/run/workflow-ids';
import { ToolArgumentError } from './tool-argument-error';
import type { OrganizationRow } from '../../events/projections/organizations/organizations.repository';
import type { ToolRequest } from './tool-request';
import { TEMPLATE_TOOL_TYPES, type TemplateToolType } from './tool-request';
import { callbackRequestArgsSchema, checkCustomerArgsSchema, checkAddressArgsSchema, getCapacityArgsSchema, jobBookingArgsSchema } from './tool-parameters';
import { speakList, speakWindow } from './speakable';
import { OFFER_CALLBACK, capacityViewOf, crmOfTool, localInstant, parseToolArgs, recordToolEvent, type AgentToolDeps, type ToolContext } from './tool-context';
import { cancelJob, capacityVariantFor, confirmAppointment, getJobs, rescheduleJob, updateEstimate } from './crm-action-tools';

/** What the agent is told: a short sentence with its next step, plus data for agents that read it. */
export interface ToolAnswer {
  result: string;
  data?: Record<string, unknown>;
  end_call?: boolean;
  delay_ms?: number;
}

/** Spec 000 §9: press_digit waits 1000 ms. */
export const PRESS_DIGIT_DELAY_MS = 1000;

const NO_CRM = `I can't reach the scheduling system for this company. ${OFFER_CALLBACK}`;

/** A CRM without zones (Housecall Pro) has no zip-code service area. */
async function listZonesIfAny(crm: CrmPort) {
  try {
    return await crm.listZones();
  } catch (err) {
    if (err instanceof CrmError && err.code === 'UNSUPPORTED') return [];
    throw err;
  }
}

const country = (ctx: ToolContext) => countryFromTimezone(ctx.org.timezone);

async function checkCustomer(ctx: ToolContext): Promise<ToolAnswer> {
  const { phoneNumber } = parseToolArgs(checkCustomerArgsSchema(country(ctx)), ctx.request.args);
  const crm = crmOfTool(ctx);
  if (!crm) return { result: `I can't look up customers for this company. Ask for the caller's name and service address, then continue.` };
  const customers = await crm.findCustomersByPhone(phoneNumber);
  const data = { customers: customers.map((c) => ({ id: c.id, name: c.name, doNotService: c.doNotService, locations: c.locations })) };
  if (customers.length === 0) {
    return { result: 'No customer record matches that number. Ask for the caller’s full name and service address.', data };
  }
  const [customer] = customers;
  if (customer.doNotService && ctx.request.enforceDoNotService !== false) {
    return {
      result: `${customer.name} is marked do not service. Politely explain the office will follow up, ${OFFER_CALLBACK.charAt(0).toLowerCase()}${OFFER_CALLBACK.slice(1)}`,
      data,
    };
  }
  const addresses = customer.locations.map((l) => `${l.address.street}, ${l.address.city} ${l.address.zip}`.trim());
  const where =
    addresses.length === 1 ? ` at ${addresses[0]}` : addresses.length > 1 ? ` with ${addresses.length} addresses on file: ${speakList(addresses)}` : '';
  return { result: `This is ${customer.name}${where}. Confirm the name and service address with the caller, then ask what they need help with.`, data };
}

async function checkAddress(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(checkAddressArgsSchema(country(ctx)), ctx.request.args);
  const crm = crmOfTool(ctx);
  if (!crm)
    return { result: `I can't check addresses for this company. Note the address and ${OFFER_CALLBACK.charAt(0).toLowerCase()}${OFFER_CALLBACK.slice(1)}` };
  const zones = await listZonesIfAny(crm);
  // Spec 000 §5: zipcode is optional. The service area is a list of zip codes, so without one it is
  // undecided when the company has zones, and everywhere when it has none.
  if (!args.zipcode) {
    if (zones.length > 0) {
      return { result: 'Ask the caller for the zip code of the service address, then call check_address again with it.', data: { inServiceArea: null } };
    }
    return { result: 'This company serves every address it is asked about. Continue with what the caller needs.', data: { inServiceArea: true, zone: null } };
  }
  const zone = zones.find((z) => z.zipcodes.includes(args.zipcode!));
  if (zones.length > 0 && !zone) {
    return {
      result: `We don't serve zip code ${args.zipcode}. Apologise to the caller and offer to take a message for the office.`,
      data: { inServiceArea: false },
    };
  }
  const data: Record<string, unknown> = { inServiceArea: true, zone: zone ? { id: zone.id, name: zone.name, businessUnitIds: zone.businessUnitIds } : null };
  if (args.previouslyCalled && args.streetName) {
    const street = `${args.streetNumber ?? ''} ${args.streetName}`.trim().toLowerCase();
    const known = (await crm.findLocationsByZip(args.zipcode)).find((l) => l.address.street.toLowerCase().includes(street));
    if (known) {
      data.locationId = known.id;
      data.customerId = known.customerId;
      return {
        result: `That address is in our service area and on file: ${known.address.street}, ${known.address.city}. Continue with what the caller needs.`,
        data,
      };
    }
  }
  return { result: `Zip code ${args.zipcode} is in our service area. Continue with what the caller needs.`, data };
}

async function getCapacity(ctx: ToolContext, variant: 'default' | 'zones' | 'trades'): Promise<ToolAnswer> {
  const args = parseToolArgs(getCapacityArgsSchema(country(ctx), variant), ctx.request.args);
  const asked = localInstant('time_to_check', args.time_to_check, ctx, true);
  const crm = crmOfTool(ctx);
  if (!crm) return { result: NO_CRM, data: { available: false, slots: [] } };
  try {
    // The capacity engine (domain/capacity) decides; check-org-capacity reads what it needs from the CRM.
    const answer = await checkOrgCapacity({ capacity: { view: () => capacityViewOf(ctx) }, crm }, ctx.org.id, {
      now: ctx.now,
      date: asked.date,
      instant: asked.instant,
      jobTypeId: args.job_type_id,
      businessUnitId: args.business_unit,
      trade: args.trade,
      zipcode: args.zipcode,
      priority: args.priority,
    });
    if (answer.result.kind === 'unknown_job_type') throw new ToolArgumentError(`job_type_id ${args.job_type_id} is not a job type of this company.`);
    const slots = answer.data.slots as unknown[];
    await recordToolEvent(ctx, 'get_capacity', {
      time_to_check: args.time_to_check,
      available: answer.data.available,
      ...(answer.data.available ? { slot: slots[0] } : { offered: slots }),
    });
    return { result: answer.speech, data: answer.data };
  } catch (err) {
    if (err instanceof ToolArgumentError || (err as { status?: number }).status === 400) throw err;
    ctx.deps.logger.warn({ err, orgId: ctx.org.id }, 'get_capacity failed');
    await recordToolEvent(ctx, 'get_capacity_error', { time_to_check: args.time_to_check, error: (err as Error).message }).catch(() => undefined);
    return { result: `I couldn't check the schedule just now. ${OFFER_CALLBACK}`, data: { available: false, slots: [] } };
  }
}

async function bookJob(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(jobBookingArgsSchema(country(ctx)), ctx.request.args);
  const when = localInstant('appointment_time', args.appointment_time, ctx, true);
  const crm = crmOfTool(ctx);
  if (!crm) return { result: `I can't book appointments for this company. ${OFFER_CALLBACK}` };
  if (ctx.request.enforceDoNotService !== false) {
    const flagged = (await crm.findCustomersByPhone(args.phone_number)).find((c) => c.doNotService);
    if (flagged) {
      return {
        result: `${flagged.name} is marked do not service, so I can't book this. Politely explain the office will follow up, ${OFFER_CALLBACK.charAt(0).toLowerCase()}${OFFER_CALLBACK.slice(1)}`,
        data: { action_status: null, doNotService: true, customerId: flagged.id },
      };
    }
  }
  const localTime = `${when.date}T${when.time}`;
  const businessKey = `${args.phone_number}/${localTime}/${args.job_type_id}`;
  const outcome = await ctx.deps.crm.actions.runAction(
    {
      meta: { correlationId: ctx.correlationId },
      orgId: ctx.org.id,
      crmName: ctx.org.crmName as CrmName,
      actionType: 'job_booking',
      businessKey,
      interactionId: ctx.request.interactionId,
      payload: {
        address: args.address,
        zip: args.zip ?? null,
        appointment_time: localTime,
        appointment_start_utc: when.instant.toISOString(),
        is_emergency_slot: args.is_emergency_slot,
        business_unit_id: args.business_unit_id,
        job_type_id: args.job_type_id,
        full_name: args.full_name,
        phone_number: args.phone_number,
      },
    },
    workflowIds.crmAction(ctx.org.id, 'job_booking', businessKey),
    ctx.deps.crm.actionWaitMs,
  );
  if (outcome.status === 'NEW') {
    return {
      result: 'The booking is being saved. Tell the caller they will get a confirmation shortly, then ask if there is anything else.',
      data: { action_status: 'NEW' },
    };
  }
  if (outcome.status === 'DROPPED') {
    return {
      result: 'I could not save that booking. Tell the caller the office will call them back to confirm a time, then ask if there is anything else.',
      data: { action_status: 'DROPPED', actionId: outcome.actionId },
    };
  }
  return {
    result: `Booked for ${speakWindow(when.date, when.time, toZonedParts(new Date(when.instant.getTime() + 2 * 3_600_000), ctx.org.timezone).time)}. The job number is ${outcome.result.jobNumber}. Tell the caller, ask if there is anything else, then end the call.`,
    data: { action_status: 'COMPLETED', actionId: outcome.actionId, ...outcome.result },
  };
}

async function requestCallback(ctx: ToolContext): Promise<ToolAnswer> {
  const args = parseToolArgs(callbackRequestArgsSchema(country(ctx)), ctx.request.args);
  const today = toZonedParts(ctx.now, ctx.org.timezone).date;
  // One callback per number, kind and local day: the agent asking twice does not queue two calls.
  const businessKey = `${args.phone_number}/${args.is_emergency_callback ? 'emergency' : 'regular'}/${today}`;
  const outcome = await ctx.deps.crm.actions.runAction(
    {
      meta: { correlationId: ctx.correlationId },
      orgId: ctx.org.id,
      crmName: ctx.org.crmName as CrmName,
      actionType: 'create_callback',
      businessKey,
      interactionId: ctx.request.interactionId,
      payload: { is_emergency_callback: args.is_emergency_callback, phone_number: args.phone_number },
    },
    workflowIds.crmAction(ctx.org.id, 'create_callback', businessKey),
    ctx.deps.crm.actionWaitMs,
  );
  const phone = formatPhoneNumberForDisplay(args.phone_number);
  const soon = args.is_emergency_callback ? 'as soon as possible' : 'during office hours';
  return {
    result: `A callback is requested: the office will call ${phone} ${soon}. Tell the caller, ask if there is anything else, then end the call.`,
    data: { action_status: outcome.status, ...(outcome.status === 'COMPLETED' ? outcome.result : {}) },
  };
}

/** What the agent says when the org's CRM cannot do what a tool needs: the office follows up instead. */
export const CRM_CANNOT_DO_IT = `The scheduling system for this company can't do that from the phone. ${OFFER_CALLBACK}`;

/** Runs one agent tool call for an organization (spec 000 §7 "Agent tool calls"). */
export async function runVoiceAgentTool(
  deps: AgentToolDeps,
  org: OrganizationRow,
  request: ToolRequest,
  correlationId: string,
  now = new Date(),
): Promise<ToolAnswer> {
  // Spec 000 §9 "Text handling": smart quotes, full-width digits and odd spaces from the model become ASCII.
  const ctx: ToolContext = { deps, org, request: { ...request, args: normalizeUnicodeDeep(request.args) }, correlationId, now };
  const tool = request.tool as TemplateToolType;
  if (!(TEMPLATE_TOOL_TYPES as readonly string[]).includes(tool)) throw new ToolArgumentError(`Template tool schema not found for tool type: ${request.tool}`);
  try {
    return await runTool(ctx, tool);
  } catch (err) {
    // A vendor CRM without the operation (Housecall Pro has no job cancellation) is not a crash on a live call.
    if (!(err instanceof CrmError && err.code === 'UNSUPPORTED')) throw err;
    deps.logger.warn({ err, orgId: org.id, tool }, 'agent tool needs an operation the CRM does not support');
    return { result: CRM_CANNOT_DO_IT, data: { unsupported: true, reason: err.message } };
  }
}

async function runTool(ctx: ToolContext, tool: TemplateToolType): Promise<ToolAnswer> {
  const request = ctx.request;
  switch (tool) {
    case 'check_customer':
      return checkCustomer(ctx);
    case 'check_address':
      return checkAddress(ctx);
    case 'get_capacity':
      return getCapacity(ctx, await capacityVariantFor(ctx, 'get_capacity'));
    case 'get_capacity_zones':
      return getCapacity(ctx, 'zones');
    case 'get_capacity_trades':
      return getCapacity(ctx, 'trades');
    case 'create_action_job_booking':
      return bookJob(ctx);
    case 'create_action_callback_request':
      return requestCallback(ctx);
    case 'create_action_job_cancel':
      return cancelJob(ctx);
    case 'create_action_job_reschedule':
      return rescheduleJob(ctx);
    case 'confirm_appointment':
      return confirmAppointment(ctx);
    case 'update_estimate':
      return updateEstimate(ctx);
    case 'get_jobs':
      return getJobs(ctx);
    case 'end_call':
    case 'end_chat':
      return { result: 'Thank the caller and say goodbye; the conversation ends now.', end_call: true };
    case 'press_digit':
      return { result: 'Pressing the digit.', delay_ms: PRESS_DIGIT_DELAY_MS, data: { digit: String(request.args.digit ?? '') } };
    default:
      throw new ToolArgumentError(`Template tool schema not found for tool type: ${request.tool}`);
  }
}
