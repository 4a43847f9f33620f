import { z } from 'zod';

// Events of an organization's website chat/booking widgets (001 §2.6, §3 "Widget"), one stream per widget.
// The settings are a structural copy of domain/contracts/widget.contract.ts: the routes check its rules (colours,
// URLs, the steps' graph) before publishing, and a published version must not change when the contract does.

export const WIDGET = 'widget';

const WidgetOptionV1 = z.object({
  text: z.string(),
  action: z.string(),
  nextStep: z.string().optional(),
  jobTypeId: z.string().optional(),
  businessUnitId: z.string().optional(),
  dispatchFee: z.number().optional(),
  priority: z.number().optional(),
});

const WidgetStepV1 = z.object({
  message: z.string(),
  group: z.string(),
  options: z.array(WidgetOptionV1),
  input: z.object({ nextStep: z.string() }).optional(),
  nextStep: z.string().optional(),
});

const WidgetSettingsV1 = z.object({
  business_name: z.string().nullable(),
  business_address: z.object({ street_address: z.string(), locality: z.string(), region: z.string(), postal_code: z.string(), country: z.string() }).nullable(),
  business_website: z.string().nullable(),
  business_contact: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  text_color: z.string(),
  theme: z.enum(['light', 'dark']),
  steps: z.record(z.string(), WidgetStepV1),
  is_live: z.boolean(),
  is_enabled: z.boolean(),
  booking_to_dispatch: z.boolean(),
  enable_emergency_button: z.boolean(),
  services: z.array(z.string()),
  welcome_title: z.string(),
  dispatch_fee_message: z.string().nullable(),
  dispatch_fee_value_build: z.string().nullable(),
  gtm_container_id: z.string().nullable(),
  gtm_events: z.record(z.string(), z.boolean()),
});

/** A widget was created for the org with these settings (the defaults, perhaps with a business name). */
export const WidgetCreatedV1Schema = z.object({ orgId: z.uuid(), widgetId: z.uuid(), settings: WidgetSettingsV1 });
export type WidgetCreatedV1 = z.infer<typeof WidgetCreatedV1Schema>;

/** Staff changed these fields of the widget's configuration; a field not named is unchanged (steps and services are whole). */
export const WidgetConfigUpdatedV1Schema = z.object({ orgId: z.uuid(), widgetId: z.uuid(), changes: WidgetSettingsV1.partial() });
export type WidgetConfigUpdatedV1 = z.infer<typeof WidgetConfigUpdatedV1Schema>;
