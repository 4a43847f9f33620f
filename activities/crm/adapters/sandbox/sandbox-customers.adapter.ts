import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { CrmError } from '../../crm.port';
import { pageBounds } from './sandbox-records';
import { type Contact } from '../../../../domain/crm/crm-records';
import { toLocation, numericId } from './sandbox-rows';
import { type SandboxContext } from './sandbox-context';
import { type CrmCustomersPort } from '../../crm.port';

/** The customers and locations part of the CRM port over the sandbox. */
export function sandboxCustomers(db: Db, orgId: string, context: SandboxContext) {
  const { customersWithLocations, records, optionalId, idList } = context;
  return {
    async listCustomers({ ids, name, phone, zip, active, createdOnOrAfter, createdBefore, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const zipCustomerIds = zip
        ? (await db.sandboxLocation.findMany({ where: { orgId, zip }, select: { customerId: true } })).map((l) => l.customerId)
        : undefined;
      const phoneKey = phone ? normalizePhoneNumber(phone) : undefined;
      const where: Prisma.SandboxCustomerWhereInput = {
        orgId,
        ...(ids || zipCustomerIds ? { id: { in: (idList(ids) ?? zipCustomerIds)!.filter((id) => !zipCustomerIds || zipCustomerIds.includes(id)) } } : {}),
        ...(name ? { name: { contains: name, mode: 'insensitive' } } : {}),
        ...(phoneKey !== undefined ? { phones: { has: phoneKey } } : {}),
        ...(active !== undefined ? { active } : {}),
        ...(createdOnOrAfter || createdBefore
          ? { createdAt: { ...(createdOnOrAfter ? { gte: createdOnOrAfter } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } }
          : {}),
      };
      const [rows, totalCount] = await Promise.all([
        db.sandboxCustomer.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }),
        db.sandboxCustomer.count({ where }),
      ]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: await customersWithLocations(rows) };
    },

    async listLocations({ ids, customerId, zip, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxLocationWhereInput = {
        orgId,
        ...(ids ? { id: { in: idList(ids) } } : {}),
        ...(customerId ? { customerId: optionalId(customerId) } : {}),
        ...(zip ? { zip } : {}),
      };
      const [rows, totalCount] = await Promise.all([
        db.sandboxLocation.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }),
        db.sandboxLocation.count({ where }),
      ]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: rows.map(toLocation) };
    },

    async listContacts(customerIds) {
      const rows = await db.sandboxCustomer.findMany({
        where: { orgId, ...(customerIds && customerIds.length > 0 ? { id: { in: idList(customerIds) } } : {}) },
        select: { id: true, contacts: true },
        orderBy: { id: 'asc' },
      });
      return Object.fromEntries(rows.map((r) => [String(r.id), r.contacts as unknown as Contact[]]));
    },

    async addContact(customerId, contact) {
      const id = numericId(customerId, 'Customer');
      return db.$transaction(async (tx) => {
        const row = await tx.sandboxCustomer.findFirst({ where: { orgId, id } });
        if (!row) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
        const contacts = row.contacts as unknown as Contact[];
        const same = contacts.find((c) => c.type === contact.type && c.value === contact.value);
        if (same) return same;
        const added: Contact = {
          id: `${id}-${contacts.length + 1}`,
          type: contact.type,
          value: contact.value,
          ...(contact.description ? { description: contact.description } : {}),
        };
        const phone = contact.type === 'Email' ? '' : normalizePhoneNumber(contact.value);
        await tx.sandboxCustomer.update({
          where: { id },
          data: {
            contacts: [...contacts, added] as unknown as Prisma.InputJsonValue,
            phones: phone && !row.phones.includes(phone) ? [...row.phones, phone] : row.phones,
          },
        });
        return added;
      });
    },

    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      const rows = await db.sandboxCustomer.findMany({ where: { orgId, phones: { has: phone } }, orderBy: { id: 'asc' } });
      return customersWithLocations(rows);
    },

    async getCustomer(customerId) {
      const row = await db.sandboxCustomer.findFirst({ where: { orgId, id: optionalId(customerId) } });
      if (!row) return null;
      const [customer] = await customersWithLocations([row]);
      return { ...customer, memberships: await records.listMemberships({ customerIds: [customer.id] }) };
    },

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const row = await db.$transaction(async (tx) => {
        const customer = await tx.sandboxCustomer.create({
          data: {
            orgId,
            name: input.name,
            type: input.type,
            contacts: input.contacts as unknown as Prisma.InputJsonValue,
            phones: input.contacts
              .filter((c) => c.type !== 'Email')
              .map((c) => normalizePhoneNumber(c.value))
              .filter(Boolean),
          },
        });
        await tx.sandboxLocation.createMany({
          data: input.locations.map((l) => ({ orgId, customerId: customer.id, name: l.name, ...l.address, unit: l.address.unit ?? null })),
        });
        return customer;
      });
      return (await customersWithLocations([row]))[0];
    },

    async createLocation(customerId, { name, address }) {
      const id = numericId(customerId, 'Customer');
      if (!(await db.sandboxCustomer.findFirst({ where: { orgId, id } }))) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
      return toLocation(await db.sandboxLocation.create({ data: { orgId, customerId: id, name, ...address, unit: address.unit ?? null } }));
    },

    async findLocationsByZip(zip) {
      const rows = await db.sandboxLocation.findMany({ where: { orgId, zip }, orderBy: { id: 'asc' } });
      return rows.map(toLocation);
    },
  } satisfies Partial<CrmCustomersPort>;
}
