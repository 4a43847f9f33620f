import { Client, Connection } from '@temporalio/client';
import { loadConfigOrExit, type AppConfig } from '../config/env';
import { createLogger } from '../lib/logger';
import { staffUserIdFor, uuidV5 } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { createEvent } from '../events/catalog';
import { createKafkaBus } from '../events/bus/kafka-bus';
import type { EventPublisher } from '../events/bus/event-bus.port';
import { createDb, type Db } from './client';
import { createOrganizationRepository } from '../events/projections/organizations/organizations.repository';
import { findStaffIdentity } from '../events/projections/staff-directory/staff-directory.repository';
import { createTemporalWorkflowGateway } from '../api/use-cases/temporal-workflow-gateway';
import { workflowIds } from '../domain/run/workflow-ids';
import { DEFAULT_REGULAR_HOURS, type Timezone, type Trade } from '../domain/organization/organization-settings.schema';
import type { OnboardingResult } from '../workflows/onboarding/onboarding.types';
import { createVoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import { createSecretBox, crmCredentialsKey } from '../lib/secrets/secret-box';
import { carryOverLegacyVoiceCredentials } from './legacy-voice-credentials';
import { createInteractionRepository } from '../events/projections/interactions/interactions.repository';
import { toZonedParts } from '../domain/time/zoned-time';
import { demoCalls, syntheticCallEvents, withDemoTranscript } from './demo-calls';
import { demoChats, demoWidgetEvent, demoWidgetId, syntheticChatEvents } from './demo-chats';
import { createWidgetRepository } from '../events/projections/widgets/widgets.repository';
import { kafkaConnectionOptions } from '../config/cluster-connections';

const SEED_NAMESPACE = '0f6c2d8e-4c1a-4f55-9a63-2b7d9c1e5a44';

export const DEMO_ORGANIZATIONS: { name: string; slug: string; timezone: Timezone; trades: Trade[]; avgJobRevenue: number }[] = [
  { name: 'Demo Heating & Air', slug: 'demo-hvac', timezone: 'America/Chicago', trades: ['HVAC', 'Electrical'], avgJobRevenue: 425 },
  { name: 'Demo Plumbing & Drains', slug: 'demo-plumbing', timezone: 'America/New_York', trades: ['Plumbing', 'Drains'], avgJobRevenue: 310 },
];

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`seed: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Seeds the demo through the product's own paths: the operator through the event log, the demo
 * organizations through the onboarding workflow. Safe to run on every start (ids are fixed). First, voice-platform
 * credentials left in the old plaintext tables are sealed into the store (once).
 */
export async function seedDemo(config: AppConfig, db: Db): Promise<{ orgs: OnboardingResult[] }> {
  const logger = createLogger('seed', config.LOG_LEVEL);
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: `${config.KAFKA_CLIENT_ID}-seed`,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    await bus.ensureTopics();
    const carried = await carryOverLegacyVoiceCredentials(db, createVoicePlatformAccountStore(db, createSecretBox(crmCredentialsKey(config))));
    if (carried.length > 0) {
      await bus.publish(
        carried.map(({ orgId, provider, credentials: c }) =>
          createEvent({
            eventId: uuidV5(`legacy-voice:${orgId}:${provider}`, SEED_NAMESPACE),
            type: 'VoicePlatformConfigured',
            aggregateId: orgId,
            orgId,
            data: {
              orgId,
              provider,
              webhookSecretSet: !!c.webhookSecret,
              toolSecretSet: !!c.toolSecret,
              apiKeySet: !!c.apiKey,
              baseUrl: c.baseUrl,
              active: c.active,
            },
            correlationId: 'seed',
            causationId: null,
          }),
        ),
      );
      logger.info({ accounts: carried.length }, 'voice-platform credentials sealed from the legacy plaintext tables');
    }
    const operatorId = staffUserIdFor(config.DEMO_OPERATOR_EMAIL);
    if (!(await findStaffIdentity(db, operatorId))) {
      await bus.publish([
        createEvent({
          eventId: uuidV5(`operator:${config.DEMO_OPERATOR_EMAIL}`, SEED_NAMESPACE),
          type: 'StaffUserRegistered',
          aggregateId: operatorId,
          orgId: null,
          data: {
            userId: operatorId,
            email: config.DEMO_OPERATOR_EMAIL,
            name: 'Operator',
            passwordHash: await hashPassword(config.DEMO_OPERATOR_PASSWORD),
            isOperator: true,
          },
          correlationId: 'seed',
          causationId: null,
        }),
      ]);
      await waitUntil('the operator to be projected', async () => !!(await findStaffIdentity(db, operatorId)));
    }

    const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
    const gateway = createTemporalWorkflowGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX);
    const passwordHash = await hashPassword(config.DEMO_ADMIN_PASSWORD);
    const orgs: OnboardingResult[] = [];
    for (const demo of DEMO_ORGANIZATIONS) {
      const workflowId = workflowIds.onboarding(demo.slug);
      const existing = await createOrganizationRepository(db).findBySlug(demo.slug);
      if (!existing) {
        await gateway.startOnboarding(
          {
            meta: { correlationId: `seed-${demo.slug}` },
            name: demo.name,
            slug: demo.slug,
            adminEmail: config.DEMO_ADMIN_EMAIL,
            adminName: 'Demo Owner',
            adminPasswordHash: passwordHash,
            officeEmail: `office@${demo.slug}.test`,
            timezone: demo.timezone,
            tradesOffered: demo.trades,
            crmName: 'servicetitan',
            enterpriseId: null,
            regularHours: DEFAULT_REGULAR_HOURS,
            emergencyHours: null,
          },
          workflowId,
        );
        orgs.push(await client.workflow.getHandle(workflowId).result());
      } else {
        orgs.push({ orgId: existing.id, slug: existing.slug, adminUserId: staffUserIdFor(config.DEMO_ADMIN_EMAIL) });
      }
      // Not on the test stack: its browser tests see the demo organization as a new one, with no calls.
      if (config.NODE_ENV !== 'test') {
        await seedDemoCalls(bus, db, orgs[orgs.length - 1].orgId, demo);
        await seedDemoChats(bus, db, orgs[orgs.length - 1].orgId, demo);
      }
    }
    return { orgs };
  } finally {
    await connection.close();
    await bus.close();
  }
}

/**
 * Two months of finished calls and an average job revenue for a demo organization that has no calls yet, so the
 * Dashboard and Analytics charts have something to show. Published as the interaction events calls leave.
 */
async function seedDemoCalls(bus: EventPublisher, db: Db, orgId: string, demo: (typeof DEMO_ORGANIZATIONS)[number]) {
  const org = await createOrganizationRepository(db).findById(orgId);
  if (org && org.avgJobRevenue === null) {
    await bus.publish([
      createEvent({
        eventId: uuidV5(`avg-job-revenue:${orgId}`, SEED_NAMESPACE),
        type: 'OrganizationAverageJobRevenueSet',
        aggregateId: orgId,
        orgId,
        data: { orgId, avgJobRevenue: demo.avgJobRevenue },
        correlationId: 'seed',
        causationId: null,
      }),
    ]);
  }
  if ((await createInteractionRepository(db).countOfOrganization(orgId)) > 0) return;
  const calls = demoCalls(orgId, demo.timezone, toZonedParts(new Date(), demo.timezone).date).map(withDemoTranscript);
  const events = calls.flatMap(syntheticCallEvents);
  for (let i = 0; i < events.length; i += 500) await bus.publish(events.slice(i, i + 500));
}

/**
 * A website widget and two months of its chats for a demo organization that has none, so the Chats page and the
 * chat figures have something to show. Published as the events the widget-chat workflow leaves.
 */
async function seedDemoChats(bus: EventPublisher, db: Db, orgId: string, demo: (typeof DEMO_ORGANIZATIONS)[number]) {
  if (await createWidgetRepository(db).findById(demoWidgetId(orgId))) return;
  const chats = demoChats(orgId, demo.timezone, toZonedParts(new Date(), demo.timezone).date);
  const events = [demoWidgetEvent(orgId, demo.name), ...chats.flatMap(syntheticChatEvents)];
  for (let i = 0; i < events.length; i += 500) await bus.publish(events.slice(i, i + 500));
}

if (require.main === module) {
  const config = loadConfigOrExit();
  const db = createDb(config.databaseUrl);
  seedDemo(config, db)
    .then(({ orgs }) => console.log(`seeded ${orgs.map((o) => o.slug).join(', ')}`))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => db.$disconnect());
}
