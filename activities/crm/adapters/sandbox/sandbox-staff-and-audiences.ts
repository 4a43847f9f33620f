import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { CrmError, type CrmAudiencePort, type CrmLookupsPort, type CrmStaffPort } from '../../crm.port';
import { DEFAULT_JOB_DURATION_SECONDS } from './sandbox-seed';
import { type AudienceRules, type BusinessUnit, type Customer, type Employee, type JobType, type Role } from '../../../../domain/crm/crm-records';

type StoredEmployee = Employee & { username?: string; roleId?: string; positions?: string[] };
type Kind = 'employee' | 'role' | 'job_type' | 'business_unit';

interface Deps {
  db: Db;
  orgId: string;
  reference: <T>(kind: Kind) => Promise<T[]>;
  /** Reference rows are cached per process: a write drops the org's entries. */
  referenceChanged: () => void;
  customersOf: (where: Prisma.SandboxCustomerWhereInput) => Promise<Customer[]>;
}

const nextId = (ids: string[], floor: number) => String(Math.max(floor, ...ids.map(Number).filter(Number.isInteger)) + 1);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const idsOf = (items: { id: string }[] | undefined) => (items && items.length > 0 ? items.map((i) => i.id) : undefined);

/** The sandbox's writes to staff and job-type reference data, and its audience-rule matching. */
export function sandboxStaffAndAudiences({
  db,
  orgId,
  reference,
  referenceChanged,
  customersOf,
}: Deps): Pick<CrmStaffPort, 'createEmployee' | 'updateEmployee' | 'sendPasswordResetLink'> & CrmAudiencePort & Pick<CrmLookupsPort, 'onboardJobTypes'> {
  async function roleOrThrow(roleId: string): Promise<Role> {
    const role = (await reference<Role>('role')).find((r) => r.id === roleId);
    if (!role) throw new CrmError('INVALID_REQUEST', `Role ${roleId} not found`);
    return role;
  }

  async function employeeOrThrow(employeeId: string): Promise<StoredEmployee> {
    const row = await db.sandboxReference.findUnique({ where: { orgId_kind_id: { orgId, kind: 'employee', id: employeeId } } });
    if (!row) throw new CrmError('NOT_FOUND', `Employee ${employeeId} not found`);
    return row.data as unknown as StoredEmployee;
  }

  const write = async (kind: Kind, item: { id: string }, sortOrder: number) => {
    const data = JSON.parse(JSON.stringify(item)) as Prisma.InputJsonValue;
    await db.sandboxReference.upsert({
      where: { orgId_kind_id: { orgId, kind, id: item.id } },
      create: { orgId, kind, id: item.id, sortOrder, data },
      update: { data },
    });
  };
  const fresh = async <T>(kind: Kind) =>
    (await db.sandboxReference.findMany({ where: { orgId, kind }, orderBy: { sortOrder: 'asc' } })).map((r) => r.data as T);

  return {
    async createEmployee({ username, roleId }) {
      const role = await roleOrThrow(roleId);
      const employees = await fresh<StoredEmployee>('employee');
      if (employees.some((e) => e.username !== undefined && sameName(e.username, username)))
        throw new CrmError('CONFLICT', `Username ${username} is already taken`);
      const id = nextId(
        employees.map((e) => e.id),
        2000,
      );
      const employee: StoredEmployee = {
        id,
        name: username,
        email: username.includes('@') ? username : null,
        phoneNumber: '',
        role: role.name,
        username,
        roleId,
        positions: [],
      };
      await write('employee', employee, employees.length);
      referenceChanged();
      return { id };
    },

    async updateEmployee({ employeeId, roleId, positions }) {
      const employee = await employeeOrThrow(employeeId);
      const role = roleId === undefined ? undefined : await roleOrThrow(roleId);
      const row = await db.sandboxReference.findUniqueOrThrow({ where: { orgId_kind_id: { orgId, kind: 'employee', id: employeeId } } });
      const next: StoredEmployee = { ...employee, ...(role ? { role: role.name, roleId: role.id } : {}), ...(positions ? { positions } : {}) };
      await write('employee', next, row.sortOrder);
      referenceChanged();
      return { id: employeeId };
    },

    async sendPasswordResetLink(employeeId) {
      const employee = await employeeOrThrow(employeeId);
      // The sandbox sends nothing: the request is kept so a test or a demo can see it was asked for.
      await db.sandboxRecord.create({
        data: { orgId, kind: 'password_reset', parentId: employeeId, data: { sentTo: employee.email ?? employee.username ?? null } },
      });
      return { status: 'SENT' };
    },

    async onboardJobTypes({ jobTypes, descriptions, businessUnits }) {
      const units = await fresh<BusinessUnit>('business_unit');
      const unitIds: string[] = [];
      for (const name of businessUnits) {
        let unit = units.find((u) => sameName(u.name, name) || u.id === name);
        if (!unit) {
          unit = {
            id: nextId(
              units.map((u) => u.id),
              0,
            ),
            name: name.trim(),
            trade: '',
          };
          await write('business_unit', unit, units.length);
          units.push(unit);
        }
        unitIds.push(unit.id);
      }
      const types = await fresh<JobType>('job_type');
      const answer: Record<string, string> = {};
      for (const [i, name] of jobTypes.entries()) {
        let type = types.find((t) => sameName(t.name, name));
        if (!type) {
          type = {
            id: nextId(
              types.map((t) => t.id),
              100,
            ),
            name: name.trim(),
            businessUnitIds: unitIds,
            priority: 2,
            duration: DEFAULT_JOB_DURATION_SECONDS,
            skills: [],
            summary: descriptions[i] ?? '',
          };
          await write('job_type', type, types.length);
          types.push(type);
        }
        answer[name] = type.id;
      }
      referenceChanged();
      return answer;
    },

    async findCustomersByAudienceRules(rules: AudienceRules) {
      const units = idsOf(rules.business_units);
      const jobTypeIds = idsOf(rules.job_types);
      const tagIds = idsOf(rules.tag_types);
      const membershipTypeIds = idsOf(rules.membership_types);
      let customerIds: number[] | undefined;
      const narrow = (ids: number[]) => (customerIds = customerIds ? customerIds.filter((id) => ids.includes(id)) : ids);
      if (units || jobTypeIds || tagIds) {
        const jobs = await db.sandboxJob.findMany({
          where: {
            orgId,
            ...(units ? { businessUnitId: { in: units } } : {}),
            ...(jobTypeIds ? { jobTypeId: { in: jobTypeIds } } : {}),
            ...(tagIds ? { tagTypeIds: { hasSome: tagIds } } : {}),
          },
          select: { customerId: true },
        });
        narrow(jobs.map((j) => j.customerId));
      }
      if (membershipTypeIds) {
        const memberships = await db.sandboxRecord.findMany({ where: { orgId, kind: 'membership' }, select: { parentId: true, data: true } });
        narrow(
          memberships
            .filter((m) => membershipTypeIds.includes((m.data as { membershipTypeId?: string }).membershipTypeId ?? ''))
            .map((m) => Number(m.parentId)),
        );
      }
      return customersOf({ orgId, active: true, ...(customerIds ? { id: { in: [...new Set(customerIds)] } } : {}) });
    },
  };
}
