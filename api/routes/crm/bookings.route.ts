import { z } from 'zod';
import { currentCorrelationId } from '../../../lib/correlation';
import type { CrmName } from '../../../domain/organization/organization-settings.schema';
import type { CrmActionInput } from '../../../domain/actions/crm-action.types';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { badRequest, notFound } from '../../http/errors';
import { AddressInputSchema, BookingProviderSchema, BookingSchema, ContactSchema } from './crm.schema';
import { IdParam, PagingQuery, crmRoute, pageSchema, queryDate } from './crm-route';

const instant = (name: string) =>
  z
    .string(`${name} must be a date and time`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date and time`)
    .transform((v) => new Date(v));

/** Spec 000 §3 "Create booking". */
export const CreateBookingBodySchema = z.object({
  source: z.string('source is required').trim().min(1, 'source is required'),
  bookingProviderId: z.coerce.string().optional(),
  name: z.string('name is required').trim().min(1, 'name is required'),
  type: z.enum(['Residential', 'Commercial'], 'type must be Residential or Commercial').default('Residential'),
  address: AddressInputSchema.optional(),
  contacts: z.array(ContactSchema.omit({ id: true })).default([]),
  startTime: instant('startTime').optional(),
  summary: z.string('summary is required').trim().min(1, 'summary is required'),
  externalId: z.string('externalId is required').trim().min(1, 'externalId is required'),
  isFirstTimeClient: z.boolean().default(false),
  businessUnitId: z.coerce.string().optional(),
  jobTypeId: z.coerce.string().optional(),
  campaignId: z.coerce.string().optional(),
});

/**
 * A booking is an agent action like a job booking (spec 000 §4 create_booking): it runs in the durable
 * crm-action workflow keyed by externalId, so a repeated request joins the run (or finds the booking it made).
 */
export const createBookingRoute = crmRoute({
  method: 'post',
  path: '/crm/bookings',
  summary: 'Create a booking for the office to convert (the same externalId answers the same booking)',
  body: CreateBookingBodySchema,
  response: BookingSchema,
  status: 201,
  description:
    '{id, source, createdOn, status, priority?, name} plus action_status COMPLETED and actionId. While the CRM is still working the answer is 202 {action_status NEW, workflowId}: repeat the request with the same externalId to get the booking.',
  run: async ({ crm, org, body, deps, res }) => {
    const input: CrmActionInput = {
      meta: { correlationId: currentCorrelationId() ?? crypto.randomUUID() },
      orgId: org.id,
      crmName: org.crmName as CrmName,
      actionType: 'create_booking',
      businessKey: body.externalId,
      interactionId: null,
      payload: {
        external_id: body.externalId,
        source: body.source,
        name: body.name,
        phone_number: body.contacts.find((c) => c.type !== 'Email')?.value ?? '',
        address: body.address ?? null,
        summary: body.summary,
        start_time: body.startTime?.toISOString() ?? null,
        business_unit_id: body.businessUnitId ?? null,
        job_type_id: body.jobTypeId ?? null,
      },
    };
    const workflowId = workflowIds.crmAction(org.id, 'create_booking', body.externalId);
    const outcome = await deps.crm.actions.runAction(input, workflowId, deps.crm.actionWaitMs);
    if (outcome.status === 'NEW') {
      res.status(202).json({ action_status: 'NEW', workflowId });
      return undefined;
    }
    if (outcome.status === 'DROPPED') throw badRequest(`The booking was not created: ${outcome.reason}`);
    const booking = await crm.getBooking(outcome.result.bookingId);
    if (!booking) throw notFound(`Booking ${outcome.result.bookingId} not found`);
    return { ...booking, action_status: 'COMPLETED', actionId: outcome.actionId };
  },
});

export const listBookingsRoute = crmRoute({
  method: 'get',
  path: '/crm/bookings',
  summary: 'Bookings',
  query: {
    status: z.enum(['New', 'Converted', 'Dismissed', 'Accepted'], 'status must be New, Converted, Dismissed or Accepted').optional(),
    externalId: z.string().trim().min(1).optional(),
    createdOnOrAfter: queryDate('createdOnOrAfter'),
    ...PagingQuery,
  },
  response: pageSchema(BookingSchema),
  description: 'A page of bookings',
  run: ({ crm, query }) => crm.listBookings(query),
});

export const getBookingRoute = crmRoute({
  method: 'get',
  path: '/crm/bookings/:bookingId',
  summary: 'One booking',
  params: IdParam('bookingId'),
  response: BookingSchema,
  description: 'The booking',
  run: async ({ crm, params }) => {
    const booking = await crm.getBooking(params.bookingId);
    if (!booking) throw notFound(`Booking ${params.bookingId} not found`);
    return booking;
  },
});

export const createBookingProviderRoute = crmRoute({
  method: 'post',
  path: '/crm/booking-providers',
  summary: 'Register a booking provider (the same name answers the same provider)',
  body: z.object({ name: z.string('name is required').trim().min(1, 'name is required'), description: z.string().default('') }),
  response: z.object({ id: z.string(), name: z.string() }),
  status: 201,
  description: '{id, name}',
  run: async ({ crm, body }) => {
    const { id, name } = await crm.createBookingProvider(body);
    return { id, name };
  },
});

export const listBookingProvidersRoute = crmRoute({
  method: 'get',
  path: '/crm/booking-providers',
  summary: 'Booking providers, optionally by name',
  query: { name: z.string().trim().min(1).optional() },
  response: z.array(BookingProviderSchema),
  description: 'Providers',
  run: ({ crm, query }) => crm.listBookingProviders(query.name),
});

export const BOOKING_ROUTES = [createBookingRoute, listBookingsRoute, getBookingRoute, createBookingProviderRoute, listBookingProvidersRoute];
