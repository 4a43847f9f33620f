import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { CrmError } from '../../crm.port';
import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import { StContactSchema, StCustomerSchema, StLocationSchema } from './servicetitan.types';
import { type Contact } from '../../../../domain/crm/crm-records';
import { sameContactValue, ST_CONTACT_TYPE, fromAddress, toLocation, toContact } from './servicetitan-mapping';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmCustomersPort } from '../../crm.port';

/** The customers and locations part of the CRM port over ServiceTitan. */
export function serviceTitanCustomers(client: ServiceTitanClient, context: ServiceTitanContext) {
  const { parse, customerDetails, ofCustomer, contactsOf } = context;
  return {
    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      // ServiceTitan matches the phone as stored; ten digits is how its US tenants store numbers.
      const rows = await client.listAll('crm', 'customers', StCustomerSchema, { phone: phone.replace(/^\+1/, ''), active: 'True' }, { maxItems: 50 });
      return customerDetails(rows);
    },

    async getCustomer(customerId) {
      const raw = await client.get('crm', `customers/${numericId(customerId, 'Customer')}`);
      return raw === null ? null : (await customerDetails([parse(StCustomerSchema, raw, 'customer')]))[0];
    },

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const raw = await client.write('POST', 'crm', 'customers', {
        name: input.name,
        type: input.type,
        address: fromAddress(input.locations[0].address),
        locations: input.locations.map((l) => ({ name: l.name, address: fromAddress(l.address) })),
        contacts: input.contacts.map((c) => ({ type: ST_CONTACT_TYPE[c.type], value: c.value, memo: c.description })),
      });
      return (await customerDetails([parse(StCustomerSchema, raw, 'created customer')]))[0];
    },

    async createLocation(customerId, input) {
      const raw = await client.write('POST', 'crm', 'locations', {
        customerId: numericId(customerId, 'Customer'),
        name: input.name,
        address: fromAddress(input.address),
        contacts: (input.contacts ?? []).map((c) => ({ type: ST_CONTACT_TYPE[c.type], value: c.value, memo: c.description })),
      });
      return toLocation(parse(StLocationSchema, raw, 'created location'));
    },

    async findLocationsByZip(zip) {
      return (await client.listAll('crm', 'locations', StLocationSchema, { zip, active: 'True' }, { maxItems: 200 })).map(toLocation);
    },

    async listCustomers(query) {
      const page = await client.page(
        'crm',
        'customers',
        StCustomerSchema,
        {
          ids: query.ids?.map((id) => numericId(id, 'Customer')),
          name: query.name,
          phone: query.phone ? normalizePhoneNumber(query.phone).replace(/^\+1/, '') : undefined,
          zip: query.zip,
          active: query.active === undefined ? 'Any' : query.active ? 'True' : 'False',
          createdOnOrAfter: query.createdOnOrAfter,
          createdBefore: query.createdBefore,
        },
        query,
      );
      return { ...page, data: await customerDetails(page.data) };
    },

    async listLocations(query) {
      const page = await client.page(
        'crm',
        'locations',
        StLocationSchema,
        {
          ids: query.ids?.map((id) => numericId(id, 'Location')),
          customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
          zip: query.zip,
        },
        query,
      );
      return { ...page, data: page.data.map(toLocation) };
    },

    async listContacts(customerIds) {
      // Contacts are read per customer; listing every customer's would be a request per customer of the tenant.
      if (!customerIds || customerIds.length === 0) throw new CrmError('INVALID_REQUEST', 'ServiceTitan lists contacts per customer: give the customerIds');
      const lists = await Promise.all(
        customerIds.map(async (id) => [id, (await contactsOf(id)).map(toContact).filter((c): c is Contact => c !== null)] as const),
      );
      return Object.fromEntries(lists);
    },

    async addContact(customerId, contact) {
      const same = (await contactsOf(customerId)).map(toContact).find((c) => c && c.type === contact.type && sameContactValue(c.value, contact.value));
      if (same) return same;
      const raw = await ofCustomer(customerId, (path) =>
        client.write('POST', 'crm', path, { type: ST_CONTACT_TYPE[contact.type], value: contact.value, memo: contact.description }),
      );
      const created = toContact(parse(StContactSchema, raw, 'created contact'));
      if (!created) throw new CrmError('UNAVAILABLE', `ServiceTitan answered a contact of an unknown type`, false);
      return created;
    },
  } satisfies Partial<CrmCustomersPort>;
}
