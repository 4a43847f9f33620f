import {
  defaultWidgetSettings,
  UpdateWidgetConfigRequestSchema,
  WidgetFileUploadRequestSchema,
  WidgetSettingsSchema,
  WIDGET_START_STEP,
} from './widget.contract';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const WIDGET = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('widget contract', () => {
  it('gives a new widget the spec defaults and steps that lead from the start step to a booking', () => {
    const d = WidgetSettingsSchema.parse(defaultWidgetSettings());
    expect(d).toMatchObject({
      welcome_title: 'Book Online Now',
      booking_to_dispatch: false,
      enable_emergency_button: false,
      theme: 'light',
      is_enabled: true,
      is_live: false,
      logo_url: null,
    });
    // 001 §9: a dark blue with alpha.
    expect(d.text_color).toMatch(/^rgba\(\s*\d+,\s*\d+,\s*\d+,\s*0?\.\d+\)$/);
    const [r, g, b] = d.text_color.match(/\d+/g)!.map(Number);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    expect(r + g + b).toBeLessThan(200);
    // Every service offered is an option of the service step that starts the booking flow.
    const start = d.steps[WIDGET_START_STEP];
    const service = d.steps[start.options[0].nextStep!];
    expect(service.options.filter((o) => o.action === 'BOOKING').map((o) => o.text)).toEqual(d.services);
    // Every path ends in a booking or a call: walk the graph from the start step.
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const step = d.steps[id];
      for (const next of [step.nextStep, step.input?.nextStep, ...step.options.map((o) => o.nextStep)]) if (next) walk(next);
    };
    walk(WIDGET_START_STEP);
    expect([...seen].sort()).toEqual(Object.keys(d.steps).sort());
  });

  it('refuses steps without a start step, a nextStep naming no step, and a bad step id, with messages naming them', () => {
    const steps = defaultWidgetSettings().steps;
    const { [WIDGET_START_STEP]: _start, ...withoutStart } = steps;
    expect(messages(WidgetSettingsSchema.safeParse({ ...defaultWidgetSettings(), steps: withoutStart }))).toContain(
      'steps must include the "start" step the widget opens on',
    );
    const dangling = { ...steps, service: { ...steps.service, nextStep: 'nowhere' } };
    const r = WidgetSettingsSchema.safeParse({ ...defaultWidgetSettings(), steps: dangling });
    expect(messages(r)).toEqual(['nextStep "nowhere" names no step']);
    expect(r.error!.issues[0].path).toEqual(['steps', 'service', 'nextStep']);
    const noTarget = { ...steps, start: { ...steps.start, options: [{ text: 'Go', action: 'NEXT_STEP' }] } };
    expect(messages(WidgetSettingsSchema.safeParse({ ...defaultWidgetSettings(), steps: noTarget }))).toEqual(['A NEXT_STEP option needs a nextStep']);
    const badId = { ...steps, 'no spaces': { message: 'x', options: [] } };
    expect(messages(WidgetSettingsSchema.safeParse({ ...defaultWidgetSettings(), steps: badId }))).toContain(
      'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)',
    );
  });

  it('checks the update request: uuids with their messages, colours, URLs, services, and something to save', () => {
    expect(messages(UpdateWidgetConfigRequestSchema.safeParse({ widgetId: 'w', orgId: 'o', welcome_title: 'Hi' }))).toEqual([
      'widgetId must be a UUID',
      'orgId must be a UUID',
    ]);
    expect(messages(UpdateWidgetConfigRequestSchema.safeParse({ widgetId: WIDGET, orgId: ORG }))).toEqual(['Nothing to save']);
    expect(messages(UpdateWidgetConfigRequestSchema.safeParse({ widgetId: WIDGET, orgId: ORG, primary_color: 'blue' }))).toEqual([
      'Must be a CSS colour: #RRGGBB, #RRGGBBAA or rgba(r, g, b, a)',
    ]);
    expect(messages(UpdateWidgetConfigRequestSchema.safeParse({ widgetId: WIDGET, orgId: ORG, logo_url: 'javascript:alert(1)' }))).toEqual([
      'logo_url must be an http or https URL',
    ]);
    expect(messages(UpdateWidgetConfigRequestSchema.safeParse({ widgetId: WIDGET, orgId: ORG, services: ['Plumbing', 'Pool cleaning'] }))[0]).toMatch(
      /^Must be one of: Plumbing, Heating & Cooling/,
    );
    const ok = UpdateWidgetConfigRequestSchema.parse({ widgetId: WIDGET, orgId: ORG, theme: 'dark', text_color: '#0C234099', logo_url: null });
    expect(ok).toEqual({ widgetId: WIDGET, orgId: ORG, theme: 'dark', text_color: '#0C234099', logo_url: null });
  });

  it('takes a file name and an image type for an upload, nothing that could leave its folder', () => {
    expect(WidgetFileUploadRequestSchema.parse({ orgId: ORG, key: 'logo.png', contentType: 'image/png' }).key).toBe('logo.png');
    expect(messages(WidgetFileUploadRequestSchema.safeParse({ orgId: ORG, key: '../x.png', contentType: 'image/png' }))).toEqual([
      'key must be a file name: letters, digits, dots, underscores and dashes',
    ]);
    expect(messages(WidgetFileUploadRequestSchema.safeParse({ orgId: ORG, key: 'a/b.png', contentType: 'image/png' }))).toHaveLength(1);
    expect(messages(WidgetFileUploadRequestSchema.safeParse({ orgId: ORG, key: 'logo.svg', contentType: 'image/svg+xml' }))).toEqual([
      'contentType must be one of: image/png, image/jpeg, image/webp, image/gif',
    ]);
  });
});
