import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { CrmError } from '../../crm.port';
import { pageOf } from '../vendor-port';
import type { HousecallProClient } from './housecallpro-client';
import { HcpAddressSchema, HcpCustomerSchema, type HcpCustomer } from './housecallpro.types';
import { type Contact, type Customer, type CustomerLocation } from '../../../../domain/crm/crm-records';
import { parse, fromAddress, toLocation, toCustomer, splitName, digits } from './housecallpro-mapping';
import { type HousecallProContext } from './housecallpro-context';
import { type CrmCustomersPort } from '../../crm.port';

/** The customers and locations part of the CRM port over Housecall Pro. */
export function housecallProCustomers(client: HousecallProClient, context: HousecallProContext) {
  const { requireCustomer, locationsByZip, getCustomer } = context;
  return {
    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      // q is a free-text search (name, email, phone, address): keep only customers whose number really matches.
      const rows = await client.listAll('customers', 'customers', HcpCustomerSchema, { q: phone.replace(/^\+1/, '') }, { maxItems: 50 });
      return rows.filter((c) => [c.mobile_number, c.home_number, c.work_number].some((n) => n && normalizePhoneNumber(n) === phone)).map(toCustomer);
    },

    getCustomer,

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const commercial = input.type === 'Commercial';
      const mobile = input.contacts.find((c) => c.type === 'Mobile')?.value;
      const home = input.contacts.find((c) => c.type === 'Landline')?.value;
      const raw = await client.write('POST', 'customers', {
        ...(commercial ? { company: input.name } : splitName(input.name)),
        email: input.contacts.find((c) => c.type === 'Email')?.value,
        mobile_number: mobile,
        home_number: home,
        notifications_enabled: false,
        addresses: input.locations.map((l) => ({ ...fromAddress(l.address), type: 'service' })),
      });
      return toCustomer(parse(HcpCustomerSchema, raw, 'created customer'));
    },

    async createLocation(customerId, input) {
      const raw = await client.write('POST', `customers/${encodeURIComponent(customerId)}/addresses`, { ...fromAddress(input.address), type: 'service' });
      return { ...toLocation(customerId, parse(HcpAddressSchema, raw, 'created address')), name: input.name };
    },

    async listCustomers(query) {
      if (query.active === false) return pageOf([], query); // Housecall Pro keeps no inactive customers
      if (query.ids?.length) {
        const found = await Promise.all(query.ids.map((id) => getCustomer(id)));
        return pageOf(
          found.filter((c): c is Customer => c !== null),
          query,
        );
      }
      const phone = query.phone ? normalizePhoneNumber(query.phone) : '';
      const q = phone ? digits(phone) : (query.zip ?? query.name);
      if (!phone && !query.zip && !query.createdOnOrAfter && !query.createdBefore) {
        const page = await client.page('customers', 'customers', HcpCustomerSchema, { q }, query);
        return { ...page, data: page.data.map(toCustomer) };
      }
      // q is a free-text search: phone, zip and creation time are matched here, so the pages are counted here too.
      const rows = await client.listAll('customers', 'customers', HcpCustomerSchema, { q }, { maxItems: 1000 });
      const created = (c: HcpCustomer) => (c.created_at ? new Date(c.created_at).getTime() : NaN);
      const matching = rows.filter(
        (c) =>
          (!phone || [c.mobile_number, c.home_number, c.work_number].some((n) => n && normalizePhoneNumber(n) === phone)) &&
          (!query.zip || (c.addresses ?? []).some((a) => a.zip === query.zip)) &&
          (!query.createdOnOrAfter || created(c) >= query.createdOnOrAfter.getTime()) &&
          (!query.createdBefore || created(c) < query.createdBefore.getTime()),
      );
      return pageOf(matching.map(toCustomer), query);
    },

    findLocationsByZip: locationsByZip,

    async listLocations(query) {
      let locations: CustomerLocation[];
      if (query.customerId) {
        const customerId = query.customerId;
        const addresses = await client.listAll(`customers/${encodeURIComponent(customerId)}/addresses`, 'addresses', HcpAddressSchema);
        locations = addresses.filter((a) => a.type !== 'billing').map((a) => toLocation(customerId, a));
      } else if (query.zip) {
        locations = await locationsByZip(query.zip);
      } else {
        throw new CrmError('INVALID_REQUEST', 'Housecall Pro finds addresses by customer or zip code: give customerId or zip');
      }
      return pageOf(
        locations.filter((l) => (!query.ids || query.ids.includes(l.id)) && (!query.zip || l.address.zip === query.zip)),
        query,
      );
    },

    async listContacts(customerIds) {
      const customers = customerIds?.length
        ? (await Promise.all(customerIds.map((id) => getCustomer(id)))).filter((c): c is Customer => c !== null)
        : (await client.listAll('customers', 'customers', HcpCustomerSchema)).map(toCustomer);
      return Object.fromEntries(customers.map((c) => [c.id, c.contacts]));
    },

    async addContact(customerId, contact) {
      const customer = await requireCustomer(customerId);
      const same = (c: Contact) =>
        c.type === contact.type &&
        (c.type === 'Email' ? c.value.toLowerCase() === contact.value.toLowerCase() : normalizePhoneNumber(c.value) === normalizePhoneNumber(contact.value));
      const existing = customer.contacts.find(same);
      if (existing) return existing;
      // A Housecall Pro customer has one mobile, home and work number and one e-mail: a contact fills a free one.
      if (contact.type === 'Fax') throw new CrmError('INVALID_REQUEST', 'Housecall Pro customers have no fax number');
      const has = (type: Contact['type'], description?: string) =>
        customer.contacts.some((c) => c.type === type && (description === undefined || c.description === description));
      const field =
        contact.type === 'Mobile'
          ? has('Mobile')
            ? null
            : 'mobile_number'
          : contact.type === 'Email'
            ? has('Email')
              ? null
              : 'email'
            : !has('Landline', 'Home')
              ? 'home_number'
              : !has('Landline', 'Work')
                ? 'work_number'
                : null;
      if (!field) {
        const what = contact.type === 'Landline' ? 'a home and a work number' : contact.type === 'Email' ? 'an e-mail address' : 'a mobile number';
        throw new CrmError('CONFLICT', `Customer ${customerId} already has ${what} in Housecall Pro`);
      }
      const raw = await client.write('PUT', `customers/${encodeURIComponent(customerId)}`, { [field]: contact.value });
      const added = toCustomer(parse(HcpCustomerSchema, raw, 'updated customer')).contacts.find(same);
      if (!added) throw new CrmError('UNAVAILABLE', `Housecall Pro did not keep the ${contact.type.toLowerCase()} contact`, false);
      return added;
    },
  } satisfies Partial<CrmCustomersPort>;
}
