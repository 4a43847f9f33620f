import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// One owner per table: a read model is queried only by its projection's repository, every other table by
// exactly one repository. This finds every module that calls a Prisma model or names its table in SQL.
const ROOT = join(__dirname, '..');
const SKIP = new Set(['node_modules', 'generated', 'migrations', 'web', 'dist', '.data', '.git']);

/** The sandbox CRM's tables belong to its adapter folder as a whole (seed, records and the adapter). */
const FOLDER_OWNERS = ['activities/crm/adapters/sandbox/'];

/**
 * Reads outside the owner, each with its reason. The capacity view reads an org's settings and its live rules in
 * one statement: a live get_capacity runs it on every call. The calls benchmark seeds a million interactions, counts
 * them into the call logs' status counts as the migration does, and times the call log's own SQL. A page of the call logs
 * reads its calls' completed CRM actions in the same statement as the calls, and a request's session is read with its
 * user's identity in one statement (issue 16), and for the call logs also with whether that user may open the organization
 * (membership, or an admin of its enterprise: staff.canAccessOrganization's rule). The chaos and scale-out scripts check what the read models hold (every
 * accepted call recorded once, nothing dead-lettered) by reading them directly, with the helpers they share
 * (scripts/stack/call-load.ts: the organization onboarded, the calls recorded). The post-call pipeline reads an
 * organization's prompt fields with its agents in one statement (findOrganizationCallContext, issue 16: one read
 * instead of two in each of a call's activities).
 */
const ALSO_READ_BY: Record<string, string[]> = {
  SchedulingRule: ['events/projections/capacity-settings/capacity-settings.repository.ts'],
  Interaction: ['scripts/bench-calls.ts', 'scripts/chaos.ts', 'scripts/bench-scale.ts', 'scripts/stack/call-load.ts'],
  InteractionAction: ['events/projections/interactions/interactions.repository.ts'],
  StaffUser: ['api/repositories/session.repository.ts'],
  InteractionStatusCount: ['scripts/bench-calls.ts'],
  Organization: ['scripts/stack/call-load.ts', 'api/repositories/session.repository.ts'],
  OrganizationMember: ['api/repositories/session.repository.ts'],
  Enterprise: ['api/repositories/session.repository.ts'],
  DeadLetter: ['scripts/chaos.ts', 'scripts/bench-scale.ts'],
  Agent: ['events/projections/organizations/organizations.repository.ts'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function models(): { model: string; delegate: string; table: string }[] {
  const schema = readFileSync(join(ROOT, 'prisma/schema.prisma'), 'utf8');
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, model, body]) => ({
    model,
    delegate: model[0].toLowerCase() + model.slice(1),
    table: /@@map\("(\w+)"\)/.exec(body)?.[1] ?? model,
  }));
}

/** Each model and the modules (or owning folders) that query it. */
function tableOwners(): Record<string, string[]> {
  const files = sourceFiles(ROOT)
    .map((path) => ({ path: relative(ROOT, path), source: readFileSync(path, 'utf8') }))
    .filter((f) => !f.path.startsWith('tests/'));
  return Object.fromEntries(
    models().map(({ model, delegate, table }) => {
      const call = new RegExp(`\\.${delegate}\\s*\\.\\s*(find|create|update|upsert|delete|count|aggregate|groupBy)`);
      const sql = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?${table}"?\\b`, 'i');
      const owners = files
        .filter((f) => call.test(f.source) || sql.test(f.source))
        .map((f) => FOLDER_OWNERS.find((folder) => f.path.startsWith(folder)) ?? f.path)
        .filter((owner) => !(ALSO_READ_BY[model] ?? []).includes(owner));
      return [model, [...new Set(owners)].sort()];
    }),
  );
}

describe('table owners', () => {
  it('gives every table exactly one module that queries it', () => {
    const shared = Object.entries(tableOwners()).filter(([, owners]) => owners.length > 1);
    expect(shared).toEqual([]);
  });

  it('keeps read models with their projections', () => {
    const owners = tableOwners();
    for (const model of [
      'Organization',
      'Interaction',
      'InteractionStatusCount',
      'InteractionAction',
      'OrganizationCapacitySettings',
      'SchedulingRule',
      'Agent',
      'CompanyProfile',
      'SmsMessage',
      'Audience',
      'TraceEvaluation',
      'StaffUser',
      'OrganizationMember',
      'WebhookDeliveryAttempt',
      'VerifiedCallerId',
      'Widget',
    ]) {
      expect(owners[model]).toHaveLength(1);
      expect(owners[model][0]).toMatch(/^events\/projections\/[a-z-]+\/[a-z-]+\.repository\.ts$/);
    }
  });
});
