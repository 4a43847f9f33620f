import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import { StBookingSchema } from './servicetitan.types';
import { fromAddress, toBooking } from './servicetitan-mapping';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmBookingsPort } from '../../crm.port';

/** The bookings part of the CRM port over ServiceTitan. */
export function serviceTitanBookings(client: ServiceTitanClient, context: ServiceTitanContext) {
  const { parse, bookingsPath } = context;
  return {
    async createBooking(input) {
      const path = bookingsPath();
      const existing = await client.listAll('crm', path, StBookingSchema, { externalId: input.externalId }, { maxItems: 1 });
      if (existing[0]) return toBooking(existing[0]);
      const raw = await client.write('POST', 'crm', path, {
        source: input.source,
        name: input.name,
        summary: input.summary,
        isFirstTimeClient: false,
        externalId: input.externalId,
        customerType: 'Residential',
        start: input.startTime?.toISOString(),
        address: input.address ? fromAddress(input.address) : undefined,
        contacts: [{ type: 'Phone', value: input.phoneNumber }],
        businessUnitId: input.businessUnitId ? numericId(input.businessUnitId, 'Business unit') : undefined,
        jobTypeId: input.jobTypeId ? numericId(input.jobTypeId, 'Job type') : undefined,
      });
      return toBooking(parse(StBookingSchema, raw, 'created booking'));
    },

    async listBookings(query) {
      const page = await client.page('crm', bookingsPath(), StBookingSchema, { externalId: query.externalId, createdOnOrAfter: query.createdOnOrAfter }, query);
      const data = page.data.map(toBooking);
      return { ...page, data: query.status ? data.filter((b) => b.status === query.status) : data };
    },

    async getBooking(bookingId) {
      const raw = await client.get('crm', `${bookingsPath()}/${numericId(bookingId, 'Booking')}`);
      return raw === null ? null : toBooking(parse(StBookingSchema, raw, 'booking'));
    },
  } satisfies Partial<CrmBookingsPort>;
}
