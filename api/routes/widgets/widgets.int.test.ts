import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { DomainEvent } from '../../../events/catalog';
import { evolveWidget } from '../../../events/projections/widgets/widgets.projection';
import type { WidgetDoc } from '../../../events/projections/widgets/widgets.repository';
import { uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Widgets as records (001 §2.6, §3 "Widget", §7) through the API: create → update → read, the public read the
// widget app makes, the upload flow on the local storage adapter end to end, and another org's session kept out.

let h: ProductHarness;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
let otherOrgId: string;
let other: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const bad = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3ad6d0000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `widgets-${run}`, adminEmail: `owner-${run}@widgets.test`, timezone: 'America/Denver' }));
  ({ orgId: otherOrgId, agent: other } = await onboardAndLogIn(h, { name: `widgets-other-${run}`, adminEmail: `other-${run}@widgets.test` }));
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('widgets', () => {
  let widgetId: string;

  it('creates a widget with the defaults, at once readable for staff and for the widget app', async () => {
    expect((await owner.get('/widgets').query({ orgId })).body).toEqual([]);
    const res = await owner.post('/widget').send({ orgId, business_name: 'Acme Air' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      org_id: orgId,
      business_name: 'Acme Air',
      welcome_title: 'Book Online Now',
      booking_to_dispatch: false,
      enable_emergency_button: false,
      is_enabled: true,
      is_live: false,
    });
    expect(Object.keys(res.body.steps)).toContain('start');
    widgetId = res.body.id;

    const list = await owner.get('/widgets').query({ orgId });
    expect(list.body.map((w: { id: string }) => w.id)).toEqual([widgetId]);

    const config = await owner.get('/widget').query({ widgetId });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ id: widgetId, timezone: 'America/Denver', crm_name: 'NONE', zipcodes: [] });

    const visitor = await request(h.app).get(`/widget/${widgetId}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ id: widgetId, org_id: orgId, welcome_title: 'Book Online Now', timezone: 'America/Denver' });
    expect(visitor.body).not.toHaveProperty('created_at');
  });

  it('saves a configuration change, keeps what was not named, and refuses a broken one with the field named', async () => {
    const steps = (await owner.get('/widget').query({ widgetId })).body.steps;
    const res = await owner.put('/widget/update/config').send({
      widgetId,
      orgId,
      welcome_title: 'Book a plumber',
      theme: 'dark',
      services: ['Plumbing', 'Water Heater'],
      steps: { ...steps, start: { ...steps.start, message: 'Hello from Acme' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ welcome_title: 'Book a plumber', theme: 'dark', services: ['Plumbing', 'Water Heater'], business_name: 'Acme Air' });
    expect(res.body.steps.start.message).toBe('Hello from Acme');
    expect((await owner.get('/widget').query({ widgetId })).body).toMatchObject({ welcome_title: 'Book a plumber', theme: 'dark' });

    const broken = await owner.put('/widget/update/config').send({ widgetId, orgId, steps: { ...steps, start: { ...steps.start, nextStep: 'gone' } } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual(bad('nextStep "gone" names no step'));
    expect(broken.body.issues).toEqual([{ path: 'steps.start.nextStep', message: 'nextStep "gone" names no step' }]);
    expect((await owner.put('/widget/update/config').send({ widgetId: 'w', orgId, theme: 'dark' })).body).toEqual(bad('widgetId must be a UUID'));
    expect((await owner.put('/widget/update/config').send({ widgetId: crypto.randomUUID(), orgId, theme: 'dark' })).status).toBe(404);
    expect((await owner.get('/widget').query({ widgetId })).body.steps.start.nextStep).toBeUndefined();
  });

  it('uploads a logo through the signed URL of the local adapter, serves it publicly, and saves it as logo_url', async () => {
    const ticketRes = await owner.post('/widget/update/file').send({ orgId, key: 'logo.png', contentType: 'image/png' });
    expect(ticketRes.status).toBe(200);
    const ticket = ticketRes.body;
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, maxBytes: 2 * 1024 * 1024 });
    expect(ticket.key).toMatch(new RegExp(`^widgets/${orgId}/[0-9a-f-]{36}-logo\\.png$`));
    const upload = new URL(ticket.uploadUrl);
    const file = new URL(ticket.fileUrl);
    const uploadPath = `${upload.pathname}${upload.search}`;

    // Another type than the one signed, or a tampered signature, is refused and nothing is stored.
    const wrongType = await request(h.app).put(uploadPath).set('Content-Type', 'image/jpeg').send(PNG);
    expect(wrongType.status).toBe(401);
    const signature = upload.searchParams.get('signature')!;
    const forged = `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`;
    const tampered = await request(h.app).put(uploadPath.replace(signature, forged)).set('Content-Type', 'image/png').send(PNG);
    expect(tampered.status).toBe(401);
    expect((await request(h.app).get(file.pathname)).status).toBe(404);

    // A page of another origin (the dashboard) may PUT: the signature is the permission.
    const preflight = await request(h.app)
      .options(upload.pathname)
      .set('Origin', 'http://127.0.0.1:5173')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');

    const put = await request(h.app).put(uploadPath).set('Content-Type', 'image/png').send(PNG);
    expect(put.status).toBe(201);
    expect(put.body).toEqual({ key: ticket.key, fileUrl: ticket.fileUrl, size: PNG.length });

    const served = await request(h.app).get(file.pathname).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    const saved = await owner.put('/widget/update/config').send({ widgetId, orgId, logo_url: ticket.fileUrl });
    expect(saved.body.logo_url).toBe(ticket.fileUrl);
    expect((await request(h.app).get(`/widget/${widgetId}`)).body.logo_url).toBe(ticket.fileUrl);

    expect((await owner.post('/widget/update/file').send({ orgId, key: 'logo.svg', contentType: 'image/svg+xml' })).body).toEqual(
      bad('contentType must be one of: image/png, image/jpeg, image/webp, image/gif'),
    );
  });

  it("keeps another organization's session out of the widget, and its attempts change nothing", async () => {
    const before = (await owner.get('/widget').query({ widgetId })).body;
    // Naming the widget's own org: not theirs.
    expect((await other.get('/widget').query({ widgetId })).status).toBe(401);
    expect((await other.get('/widgets').query({ orgId })).status).toBe(401);
    expect((await other.put('/widget/update/config').send({ widgetId, orgId, welcome_title: 'Hijacked' })).status).toBe(401);
    expect((await other.post('/widget/update/file').send({ orgId, key: 'x.png', contentType: 'image/png' })).status).toBe(401);
    // Naming their own org with this widget: not found, as if it did not exist.
    const own = await other.put('/widget/update/config').send({ widgetId, orgId: otherOrgId, welcome_title: 'Hijacked' });
    expect(own.status).toBe(404);
    expect(own.body).toEqual({ error: 'Not Found', status: 404, message: 'Widget not found' });
    expect((await other.get('/widgets').query({ orgId: otherOrgId })).body).toEqual([]);
    expect((await owner.get('/widget').query({ widgetId })).body).toEqual(before);
  });

  it('hides a disabled widget from visitors, and the read model is the fold of its events', async () => {
    expect((await owner.put('/widget/update/config').send({ widgetId, orgId, is_enabled: false })).status).toBe(200);
    const visitor = await request(h.app).get(`/widget/${widgetId}`);
    expect(visitor.status).toBe(404);
    expect((await request(h.app).get(`/widget/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await request(h.app).get('/widget/not-a-uuid')).body).toEqual(bad('widgetId must be a UUID'));

    const events: DomainEvent[] = [];
    await h.bus.replay({ aggregateTypes: ['widget'], onEvent: async ({ event }) => void (event.aggregateId === widgetId && events.push(event)) });
    expect(events.map((e) => e.type)).toEqual(['WidgetCreated', 'WidgetConfigUpdated', 'WidgetConfigUpdated', 'WidgetConfigUpdated']);
    let folded: WidgetDoc | null = null;
    for (const e of events) folded = evolveWidget(folded, e as Parameters<typeof evolveWidget>[1]);
    const row = await h.deps.widgets.repository.findById(widgetId);
    expect(folded).toEqual(row);
  });
});
