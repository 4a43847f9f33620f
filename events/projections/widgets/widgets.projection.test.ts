import { createEvent } from '../../catalog';
import { defaultWidgetSettings } from '../../../domain/contracts/widget.contract';
import { evolveWidget } from './widgets.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const OTHER_ORG = '9b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
let n = 0;
const envelope = (minute: number, orgId = ORG_ID) => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  aggregateId: ID,
  orgId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(`2026-11-28T04:${String(minute).padStart(2, '0')}:00Z`),
});

const created = createEvent({ ...envelope(0), type: 'WidgetCreated', data: { orgId: ORG_ID, widgetId: ID, settings: defaultWidgetSettings() } });
const renamed = createEvent({
  ...envelope(1),
  type: 'WidgetConfigUpdated',
  data: { orgId: ORG_ID, widgetId: ID, changes: { welcome_title: 'Book a plumber', theme: 'dark' } },
});
const logo = createEvent({
  ...envelope(2),
  type: 'WidgetConfigUpdated',
  data: { orgId: ORG_ID, widgetId: ID, changes: { logo_url: 'http://127.0.0.1:3000/storage/files/widgets%2Fa%2Flogo.png' } },
});

describe('widgets read model', () => {
  it('creates a widget with its settings and applies changes field by field; each event delivered twice changes nothing more', () => {
    const one = evolveWidget(null, created)!;
    expect(one).toMatchObject({ id: ID, orgId: ORG_ID, createdAt: new Date('2026-11-28T04:00:00Z') });
    expect(one.settings).toEqual(defaultWidgetSettings());
    expect(evolveWidget(one, created)).toBe(one);
    const two = evolveWidget(one, renamed)!;
    expect(two.settings).toMatchObject({ welcome_title: 'Book a plumber', theme: 'dark', services: one.settings.services, steps: one.settings.steps });
    expect(two.updatedAt).toEqual(new Date('2026-11-28T04:01:00Z'));
    expect(evolveWidget(two, renamed)).toBe(two);
    const three = evolveWidget(two, logo)!;
    expect(three.settings).toMatchObject({ welcome_title: 'Book a plumber', logo_url: 'http://127.0.0.1:3000/storage/files/widgets%2Fa%2Flogo.png' });
    expect(evolveWidget(three, logo)).toBe(three);
    // A late redelivery of the creation does not reset the settings.
    expect(evolveWidget(three, created)).toBe(three);
  });

  it('ignores changes to a widget it never saw created, and events naming another org', () => {
    expect(evolveWidget(null, renamed)).toBeNull();
    const one = evolveWidget(null, created)!;
    const foreign = createEvent({
      ...envelope(3, OTHER_ORG),
      type: 'WidgetConfigUpdated',
      data: { orgId: OTHER_ORG, widgetId: ID, changes: { is_enabled: false } },
    });
    expect(evolveWidget(one, foreign)).toBe(one);
  });
});
