import {
  AvgJobRevenueSchema,
  CalendarDateSchema,
  CustomToolTimeoutMsSchema,
  DefaultTimeBufferSchema,
  EmailSchema,
  HolidaysSchema,
  HousecallProConfigSchema,
  InterruptionSensitivitySchema,
  MonthKeySchema,
  OrganizationEmailSchema,
  ResponsivenessSchema,
  TimeBufferSchema,
  TransferToolNameSchema,
  timeBufferHours,
} from './messages';
import type { ZodType } from 'zod';

const messagesOf = (schema: ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message);

describe('e-mail rules', () => {
  it('allows an empty organization e-mail but nothing else that is not an e-mail', () => {
    expect(OrganizationEmailSchema.parse('')).toBe('');
    expect(OrganizationEmailSchema.parse('office@acme-hvac.com')).toBe('office@acme-hvac.com');
    for (const bad of ['office', 'office@', '@acme.com', 'a b@acme.com', ' ', null]) {
      expect(messagesOf(OrganizationEmailSchema, bad)).toEqual(['Invalid email format']);
    }
  });

  it('refuses an empty e-mail where one is required', () => {
    expect(messagesOf(EmailSchema, '')).toEqual(['Invalid email format']);
    expect(EmailSchema.parse('tech@acme.com')).toBe('tech@acme.com');
  });
});

describe('date rules', () => {
  it.each(['2026-03-08', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts the calendar date %s', (date) => {
    expect(CalendarDateSchema.parse(date)).toBe(date);
  });

  it.each(['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-3-8', '20260308', '2026-03-08T00:00', '', 20260308])(
    'refuses %j',
    (date) => {
      expect(messagesOf(CalendarDateSchema, date)).toEqual(['Must be YYYY-MM-DD format']);
    },
  );

  it('checks every holiday', () => {
    expect(HolidaysSchema.parse(['2026-12-25', '2027-01-01'])).toEqual(['2026-12-25', '2027-01-01']);
    expect(HolidaysSchema.safeParse(['2026-12-25', '2026-12-32']).error?.issues).toMatchObject([{ path: [1], message: 'Must be YYYY-MM-DD format' }]);
  });

  it.each([
    ['2026-01', true],
    ['2026-12', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-1', false],
    ['2026-01-01', false],
    ['202601', false],
  ])('month key %j valid: %s', (key, valid) => {
    expect(messagesOf(MonthKeySchema, key)).toEqual(valid ? undefined : ['Must be YYYY-MM format']);
  });
});

describe('time buffers (spec 000 §5, §9)', () => {
  it('refuses a negative default buffer', () => {
    expect(DefaultTimeBufferSchema.parse(0)).toBe(0);
    expect(DefaultTimeBufferSchema.parse(2.5)).toBe(2.5);
    expect(messagesOf(DefaultTimeBufferSchema, -1)).toEqual(['Default time buffer must be non-negative']);
  });

  it.each([[{ value: 0, unit: 'hours' }], [{ value: 8760, unit: 'hours' }], [{ value: 365, unit: 'days' }], [{ value: 1.5, unit: 'days' }]])(
    'accepts %j',
    (buffer) => {
      expect(TimeBufferSchema.parse(buffer)).toEqual(buffer);
    },
  );

  it.each([
    [{ value: -1, unit: 'hours' }, 'Time buffer value must be non-negative'],
    [{ value: -0.5, unit: 'days' }, 'Time buffer value must be non-negative'],
    [{ value: 8761, unit: 'hours' }, 'Time buffer cannot exceed 8760 hours (1 year)'],
    [{ value: 366, unit: 'days' }, 'Time buffer cannot exceed 8760 hours (1 year)'],
    [{ value: 365.01, unit: 'days' }, 'Time buffer cannot exceed 8760 hours (1 year)'],
  ])('refuses %j with %j on value', (buffer, message) => {
    expect(TimeBufferSchema.safeParse(buffer).error?.issues).toMatchObject([{ path: ['value'], message }]);
  });

  it('refuses a unit other than days or hours', () => {
    expect(TimeBufferSchema.safeParse({ value: 1, unit: 'weeks' }).error?.issues).toMatchObject([{ path: ['unit'] }]);
  });

  it('converts buffers to hours', () => {
    expect(timeBufferHours({ value: 2, unit: 'days' })).toBe(48);
    expect(timeBufferHours({ value: 5, unit: 'hours' })).toBe(5);
  });
});

describe('agent and tool rules', () => {
  it.each(['transfer_to_office', 'Transfer-2', 'a', 'x'.repeat(64)])('accepts the transfer tool name %j', (name) => {
    expect(TransferToolNameSchema.parse(name)).toBe(name);
  });

  it.each(['', 'x'.repeat(65), 'transfer call', 'transfer.call', 'tränsfer'])('refuses the transfer tool name %j', (name) => {
    expect(messagesOf(TransferToolNameSchema, name)).toEqual(['Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)']);
  });

  it.each([
    [CustomToolTimeoutMsSchema, [1000, 30_000, 600_000], [999, 600_001, 1500.5, -1]],
    [ResponsivenessSchema, [0.9, 0.95, 1], [0.89, 1.01, 0]],
    [InterruptionSensitivitySchema, [0.6, 0.75, 0.9], [0.59, 0.91, 1]],
  ] as const)('keeps %# within its range', (schema, good, bad) => {
    for (const value of good) expect(schema.safeParse(value).success).toBe(true);
    for (const value of bad) expect(schema.safeParse(value).success).toBe(false);
  });

  it('refuses a negative average job revenue', () => {
    expect(AvgJobRevenueSchema.parse(0)).toBe(0);
    expect(AvgJobRevenueSchema.parse(425.5)).toBe(425.5);
    expect(messagesOf(AvgJobRevenueSchema, -0.01)).toEqual(['Average job revenue must be non-negative']);
  });
});

describe('HousecallProConfigSchema ({crm_b})', () => {
  it('accepts a full config and one without a default employee', () => {
    const full = { appKey: 'key', agentId: 'pro_1', defaultEmployeeId: 'emp_1' };
    expect(HousecallProConfigSchema.parse(full)).toEqual(full);
    expect(HousecallProConfigSchema.parse({ appKey: 'key', agentId: 'pro_1' })).toEqual({ appKey: 'key', agentId: 'pro_1' });
  });

  it('names each missing or empty field', () => {
    expect(HousecallProConfigSchema.safeParse({ appKey: '', agentId: '', defaultEmployeeId: '' }).error?.issues).toMatchObject([
      { path: ['appKey'], message: 'App Key is required' },
      { path: ['agentId'], message: 'Housecall Pro Agent ID is required' },
      { path: ['defaultEmployeeId'], message: 'Default Employee ID is required' },
    ]);
    expect(messagesOf(HousecallProConfigSchema, {})).toEqual(['App Key is required', 'Housecall Pro Agent ID is required']);
  });
});
