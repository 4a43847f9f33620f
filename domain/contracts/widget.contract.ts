import { z } from 'zod';
import { TIMEZONES } from '../organization/organization-settings.schema';

// The website chat/booking widget as a record (001 §2.6, §3 "Widget"), its configuration routes (001 §7 "Chats,
// widget config and LLM chat") and its file upload. Shared by the API and the dashboard's widget page.

/** 001 §3 "Widget": the service labels a widget may offer. */
export const WIDGET_SERVICES = [
  'Plumbing',
  'Heating & Cooling',
  'Drains / Sewer',
  'Electrical',
  'Remediation',
  'Excavation',
  'Fireplace',
  'Generator',
  'Water Heater',
  'Air Quality',
  'Fire Sprinkler',
  'Boiler Radiant',
  'Solar',
  'Restoration',
  'Air Duct',
] as const;
export const WidgetServiceSchema = z.enum(WIDGET_SERVICES, `Must be one of: ${WIDGET_SERVICES.join(', ')}`);

export const WIDGET_THEMES = ['light', 'dark'] as const;

/**
 * What picking an option does; the spec names the field but not its values, so these are ours:
 * NEXT_STEP shows the option's nextStep, BOOKING starts the booking flow (register → schedule → address → action)
 * with the option's job type, business unit, priority and dispatch fee, CALL_BUSINESS offers the business_contact number.
 */
export const WIDGET_OPTION_ACTIONS = ['NEXT_STEP', 'BOOKING', 'CALL_BUSINESS'] as const;
export const WidgetOptionActionSchema = z.enum(WIDGET_OPTION_ACTIONS, `action must be one of: ${WIDGET_OPTION_ACTIONS.join(', ')}`);

/** The step the widget opens on; every step must be reachable by name from the others. */
export const WIDGET_START_STEP = 'start';

/** 001 §5 / §8: the spec's message for identifiers of this shape (step ids are keys the widget app navigates by). */
const STEP_ID_MESSAGE = 'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)';
export const StepIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, STEP_ID_MESSAGE);

/** A CSS colour the widget app can put in a style: #rgb, #rgba, #rrggbb, #rrggbbaa, or rgb()/rgba()/hsl()/hsla(). */
export const WidgetColorSchema = z
  .string()
  .trim()
  .regex(
    /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|rgba|hsl|hsla)\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/i,
    'Must be a CSS colour: #RRGGBB, #RRGGBBAA or rgba(r, g, b, a)',
  );

const httpUrl = (field: string) =>
  z
    .url(`${field} must be a URL`)
    .max(2048, `${field} must be at most 2048 characters`)
    .refine((u) => /^https?:\/\//i.test(u), `${field} must be an http or https URL`);

export const WidgetOptionSchema = z.object({
  text: z.string().trim().min(1, 'Option text is required').max(200, 'Option text must be at most 200 characters'),
  action: WidgetOptionActionSchema,
  nextStep: StepIdSchema.optional(),
  jobTypeId: z.string().min(1).max(64).optional(),
  businessUnitId: z.string().min(1).max(64).optional(),
  dispatchFee: z.number().nonnegative('dispatchFee must be non-negative').optional(),
  priority: z.number().int('priority must be a whole number').min(0, 'priority must be non-negative').optional(),
});
export type WidgetOption = z.infer<typeof WidgetOptionSchema>;

export const WidgetStepSchema = z.object({
  message: z.string().trim().min(1, 'Step message is required').max(2000, 'Step message must be at most 2000 characters'),
  /** Groups steps for the tag-manager events and the funnel (e.g. "service", "problem"). */
  group: z.string().trim().max(64).default(''),
  options: z.array(WidgetOptionSchema).max(20, 'A step has at most 20 options').default([]),
  /** A free-text answer; the visitor's text is kept in the chat details and the widget goes on to its nextStep. */
  input: z.object({ nextStep: StepIdSchema }).optional(),
  /** Where the widget goes when the step has no options (a message, then on). */
  nextStep: StepIdSchema.optional(),
});
export type WidgetStep = z.infer<typeof WidgetStepSchema>;

/** Keyed by step id; the ids are checked with the graph (stepProblems), so a bad one gets the spec's message. */
export const WidgetStepsSchema = z.record(z.string(), WidgetStepSchema);
export type WidgetSteps = z.infer<typeof WidgetStepsSchema>;

/** 001 §3 "Widget" business_address (schema.org PostalAddress field names). */
export const WidgetBusinessAddressSchema = z.object({
  street_address: z.string().trim().max(200).default(''),
  locality: z.string().trim().max(100).default(''),
  region: z.string().trim().max(100).default(''),
  postal_code: z.string().trim().max(20).default(''),
  country: z.string().trim().max(100).default(''),
});

/** Every field staff can set; the record adds id, org_id and the times. */
const WIDGET_SETTINGS_SHAPE = {
  business_name: z.string().trim().max(200).nullable(),
  business_address: WidgetBusinessAddressSchema.nullable(),
  business_website: httpUrl('business_website').nullable(),
  /** The number the widget offers to call (emergency button, CALL_BUSINESS options). */
  business_contact: z.string().trim().max(40).nullable(),
  logo_url: httpUrl('logo_url').nullable(),
  primary_color: WidgetColorSchema,
  secondary_color: WidgetColorSchema,
  text_color: WidgetColorSchema,
  theme: z.enum(WIDGET_THEMES, 'theme must be light or dark'),
  steps: WidgetStepsSchema,
  is_live: z.boolean(),
  is_enabled: z.boolean(),
  booking_to_dispatch: z.boolean(),
  enable_emergency_button: z.boolean(),
  services: z.array(WidgetServiceSchema).max(WIDGET_SERVICES.length),
  welcome_title: z.string().trim().min(1, 'welcome_title must not be empty').max(120, 'welcome_title must be at most 120 characters'),
  dispatch_fee_message: z.string().trim().max(500).nullable(),
  /** Text that builds the value of the dispatch fee ("credited to the repair"), shown beside the fee. */
  dispatch_fee_value_build: z.string().trim().max(1000).nullable(),
  /** The site's tag-manager container (GTM-XXXX) and which widget events it is sent. */
  gtm_container_id: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'gtm_container_id must look like GTM-XXXXXXX')
    .nullable(),
  gtm_events: z.record(z.string().min(1).max(64), z.boolean()),
};

/**
 * The steps' graph must hold together: a start step, and every nextStep (a step's, its input's, a NEXT_STEP
 * option's) naming a step that exists. A NEXT_STEP option without a nextStep goes nowhere.
 */
export function stepProblems(steps: WidgetSteps): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!(WIDGET_START_STEP in steps)) problems.push({ path: ['steps'], message: `steps must include the "${WIDGET_START_STEP}" step the widget opens on` });
  const known = (id: string | undefined) => id === undefined || Object.prototype.hasOwnProperty.call(steps, id);
  for (const [id, step] of Object.entries(steps)) {
    if (!StepIdSchema.safeParse(id).success) problems.push({ path: ['steps', id], message: STEP_ID_MESSAGE });
    if (!known(step.nextStep)) problems.push({ path: ['steps', id, 'nextStep'], message: `nextStep "${step.nextStep}" names no step` });
    if (step.input && !known(step.input.nextStep))
      problems.push({ path: ['steps', id, 'input', 'nextStep'], message: `nextStep "${step.input.nextStep}" names no step` });
    step.options.forEach((option, i) => {
      if (option.action === 'NEXT_STEP' && option.nextStep === undefined)
        problems.push({ path: ['steps', id, 'options', i, 'nextStep'], message: 'A NEXT_STEP option needs a nextStep' });
      else if (!known(option.nextStep))
        problems.push({ path: ['steps', id, 'options', i, 'nextStep'], message: `nextStep "${option.nextStep}" names no step` });
    });
  }
  return problems;
}

function checkSteps(value: { steps?: WidgetSteps }, ctx: z.RefinementCtx) {
  if (!value.steps) return;
  for (const p of stepProblems(value.steps)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
}

export const WidgetSettingsSchema = z.object(WIDGET_SETTINGS_SHAPE).superRefine(checkSteps);
export type WidgetSettings = z.infer<typeof WidgetSettingsSchema>;

/**
 * A new widget's steps: a greeting, the service choice (one option per offered service, each starting the booking
 * flow), and a free-text "something else" that also books, so a created widget takes bookings at once.
 */
export function defaultWidgetSteps(services: readonly (typeof WIDGET_SERVICES)[number][]): WidgetSteps {
  return {
    [WIDGET_START_STEP]: {
      message: 'Hi! We can get a technician out to you. What do you need help with?',
      group: 'greeting',
      options: [
        { text: 'Book a service visit', action: 'NEXT_STEP', nextStep: 'service' },
        { text: 'Talk to someone', action: 'CALL_BUSINESS' },
      ],
    },
    service: {
      message: 'Which service do you need?',
      group: 'service',
      options: [
        ...services.map((s) => ({ text: s, action: 'BOOKING' as const })),
        { text: 'Something else', action: 'NEXT_STEP' as const, nextStep: 'describe' },
      ],
    },
    describe: {
      message: 'Tell us briefly what is going on, and we will find you a time.',
      group: 'problem',
      options: [{ text: 'Find a time', action: 'BOOKING' }],
      input: { nextStep: 'describe-booking' },
    },
    'describe-booking': {
      message: 'Thanks! Let us find you a time.',
      group: 'problem',
      options: [{ text: 'Find a time', action: 'BOOKING' }],
    },
  };
}

/** 001 §9: welcome title "Book Online Now", a dark blue text colour with alpha, booking_to_dispatch and the emergency button off. */
export function defaultWidgetSettings(): WidgetSettings {
  const services = ['Heating & Cooling', 'Plumbing', 'Electrical'] as const;
  return {
    business_name: null,
    business_address: null,
    business_website: null,
    business_contact: null,
    logo_url: null,
    primary_color: '#1A56DB',
    secondary_color: '#E8F0FE',
    text_color: 'rgba(12, 35, 64, 0.87)',
    theme: 'light',
    steps: defaultWidgetSteps(services),
    is_live: false,
    // Enabled so the widget can be previewed and embedded at once; is_live is what the site's loader waits for.
    is_enabled: true,
    booking_to_dispatch: false,
    enable_emergency_button: false,
    services: [...services],
    welcome_title: 'Book Online Now',
    dispatch_fee_message: null,
    dispatch_fee_value_build: null,
    gtm_container_id: null,
    gtm_events: {},
  };
}

const RECORD_SHAPE = {
  id: z.uuid(),
  org_id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** 001 §3 "Widget". */
export const WidgetSchema = z.object({ ...RECORD_SHAPE, ...WIDGET_SETTINGS_SHAPE });
export type Widget = z.infer<typeof WidgetSchema>;

export const WidgetListSchema = z.array(WidgetSchema);

/** 001 §3: the configuration view adds the org's zipcodes, timezone and CRM name. */
export const WidgetConfigViewSchema = WidgetSchema.extend({
  zipcodes: z.array(z.string()),
  timezone: z.string(),
  crm_name: z.string(),
});
export type WidgetConfigView = z.infer<typeof WidgetConfigViewSchema>;

/**
 * What the widget app reads (GET /widget/{widgetId}): the widget without its record times, with the org's
 * timezone (the schedule request needs it). Only enabled widgets are answered.
 */
export const PublicWidgetSchema = WidgetSchema.omit({ created_at: true, updated_at: true }).extend({
  timezone: z.enum(TIMEZONES).or(z.string()),
});
export type PublicWidget = z.infer<typeof PublicWidgetSchema>;

const orgId = z.uuid('orgId must be a UUID');
const widgetId = z.uuid('widgetId must be a UUID');

export const WidgetIdQuerySchema = z.object({ widgetId });
export const WidgetIdParamsSchema = z.object({ widgetId });
export const OrgIdQuerySchema = z.object({ orgId });

/** POST /widget: a widget with the defaults above for the org; a business name may be given at once. */
export const CreateWidgetRequestSchema = z.object({ orgId, business_name: WIDGET_SETTINGS_SHAPE.business_name.optional() });
export type CreateWidgetRequest = z.infer<typeof CreateWidgetRequestSchema>;

/** PUT /widget/update/config: the widget, its org, and the fields to change (steps and services are replaced whole). */
export const UpdateWidgetConfigRequestSchema = z
  .object(WIDGET_SETTINGS_SHAPE)
  .partial()
  .extend({ widgetId, orgId })
  .superRefine(checkSteps)
  .refine(({ widgetId: _w, orgId: _o, ...fields }) => Object.values(fields).some((v) => v !== undefined), 'Nothing to save');
export type UpdateWidgetConfigRequest = z.infer<typeof UpdateWidgetConfigRequestSchema>;

/** The file types a widget can show (its logo); SVG is left out, since it can carry script. */
export const WIDGET_UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** What one upload may weigh. */
export const WIDGET_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** POST /widget/update/file: a name for the file and its type; orgId says whose widget files it is among. */
export const WidgetFileUploadRequestSchema = z.object({
  orgId,
  key: z
    .string()
    .trim()
    .min(1, 'key is required')
    .max(120, 'key must be at most 120 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'key must be a file name: letters, digits, dots, underscores and dashes'),
  contentType: z.enum(WIDGET_UPLOAD_CONTENT_TYPES, `contentType must be one of: ${WIDGET_UPLOAD_CONTENT_TYPES.join(', ')}`),
});
export type WidgetFileUploadRequest = z.infer<typeof WidgetFileUploadRequestSchema>;

/** Where to PUT the file (within expiresAt, with exactly these headers), and the URL it is then served at. */
export const WidgetFileUploadSchema = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** The public URL to save as logo_url once the upload succeeded. */
  fileUrl: z.string(),
  /** The stored object's key (under the org's widget files). */
  key: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type WidgetFileUpload = z.infer<typeof WidgetFileUploadSchema>;

/** 001 §2.6: the CRM's arrival windows as the configuration screen shows them. */
export const WidgetArrivalWindowSchema = z.object({
  id: z.string(),
  start: z.string(),
  duration: z.string(),
  businessUnitIds: z.array(z.string()),
  active: z.boolean(),
  businessUnitNames: z.array(z.string()),
});
export type WidgetArrivalWindow = z.infer<typeof WidgetArrivalWindowSchema>;
