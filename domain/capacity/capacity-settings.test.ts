import { AppointmentScheduleConfigSchema, EmergencyConfigSchema, TimeBufferSchema } from './capacity-settings';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('appointment_schedule_config validation (spec 000 §5)', () => {
  it.each([
    [{ strategy: { defaultTimeBuffer: -1 } }, ['Default time buffer must be non-negative']],
    [{ strategy: { defaultTimeBuffer: 0, priorityBasedTimeBuffer: { 1: { value: -2, unit: 'hours' } } } }, ['Time buffer value must be non-negative']],
    [{ strategy: { defaultTimeBuffer: 0, priorityBasedTimeBuffer: { 1: { value: 8761, unit: 'hours' } } } }, ['Time buffer cannot exceed 8760 hours (1 year)']],
    [{ strategy: { defaultTimeBuffer: 0, priorityBasedTimeBuffer: { 2: { value: 366, unit: 'days' } } } }, ['Time buffer cannot exceed 8760 hours (1 year)']],
    [{ strategy: { defaultTimeBuffer: 0, priorityBasedTimeBuffer: { 2: { value: 365, unit: 'days' }, 3: { value: 8760, unit: 'hours' } } } }, []],
    [{ strategy: { defaultTimeBuffer: 0, slots: [[10, 8]] } }, ['A slot must end after it starts']],
    [{ strategy: { defaultTimeBuffer: 0, slots: [[8, 25]] } }, ['Slot hours must be between 0 and 24']],
  ])('%j → %j', (config, expected) => {
    expect(messages(AppointmentScheduleConfigSchema.safeParse(config))).toEqual(expected);
  });

  it('fills the defaults: no ACP, no adaptive capacity, a 2-hour buffer', () => {
    expect(AppointmentScheduleConfigSchema.parse({})).toEqual({
      isAcp: false,
      useAdaptiveCapacity: false,
      strategy: { defaultTimeBuffer: 2, priorityBasedTimeBuffer: {}, slots: [] },
    });
    expect(TimeBufferSchema.safeParse({ value: 1, unit: 'weeks' }).success).toBe(false);
  });
});

describe('emergency_config', () => {
  it('defaults the membership qualify rule to true and rejects unknown slot strategies', () => {
    const config = EmergencyConfigSchema.parse({ enabled: true, qualifyStrategy: [[{ type: 'membership' }]] });
    expect(config.qualifyStrategy).toEqual([[{ type: 'membership', value: true }]]);
    expect(config.offerSlotStrategy).toBe('callbacks');
    expect(EmergencyConfigSchema.safeParse({ slotStrategy: { name: 'soonest' } }).success).toBe(false);
    expect(EmergencyConfigSchema.safeParse({ slotStrategy: { name: 'oncall_technician_availability' } }).success).toBe(true);
  });
});
