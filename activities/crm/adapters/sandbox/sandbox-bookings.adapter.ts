import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { pageBounds } from './sandbox-records';
import { isUniqueViolation } from './sandbox-rows';
import { type SandboxContext } from './sandbox-context';
import { type CrmBookingsPort } from '../../crm.port';

/** The bookings part of the CRM port over the sandbox. */
export function sandboxBookings(db: Db, orgId: string, context: SandboxContext) {
  const { optionalId, toBooking } = context;
  return {
    async listBookings({ status, externalId, createdOnOrAfter, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxBookingWhereInput = {
        orgId,
        ...(status ? { status } : {}),
        ...(externalId ? { externalId } : {}),
        ...(createdOnOrAfter ? { createdAt: { gte: createdOnOrAfter } } : {}),
      };
      const [rows, totalCount] = await Promise.all([
        db.sandboxBooking.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }),
        db.sandboxBooking.count({ where }),
      ]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: rows.map(toBooking) };
    },

    async getBooking(bookingId) {
      const row = await db.sandboxBooking.findFirst({ where: { orgId, id: optionalId(bookingId) } });
      return row ? toBooking(row) : null;
    },

    async createBooking(input) {
      const data = {
        orgId,
        source: input.source,
        name: input.name,
        phoneNumber: input.phoneNumber,
        summary: input.summary,
        status: 'New',
        externalId: input.externalId,
        payload: JSON.parse(JSON.stringify(input)) as Prisma.InputJsonValue,
      };
      const row = await db.sandboxBooking.upsert({ where: { orgId_externalId: { orgId, externalId: input.externalId } }, create: data, update: {} });
      return {
        id: String(row.id),
        source: row.source,
        name: row.name,
        status: row.status as 'New',
        externalId: row.externalId,
        summary: row.summary,
        createdOn: row.createdAt,
      };
    },

    async createCallbackRequest(input) {
      const where = { orgId_idempotencyKey: { orgId, idempotencyKey: input.idempotencyKey } };
      const create = { orgId, phoneNumber: input.phoneNumber, isEmergency: input.isEmergency, note: input.note ?? null, idempotencyKey: input.idempotencyKey };
      let row;
      try {
        row = await db.sandboxCallbackRequest.upsert({ where, create, update: {} });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        row = (await db.sandboxCallbackRequest.findUnique({ where }))!;
      }
      return { id: String(row.id), phoneNumber: row.phoneNumber, isEmergency: row.isEmergency, createdOn: row.createdAt };
    },
  } satisfies Partial<CrmBookingsPort>;
}
