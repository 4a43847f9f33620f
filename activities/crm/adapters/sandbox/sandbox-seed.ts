import type { WeeklyHours } from '../../../../domain/organization/organization-settings.schema';
import { countryFromTimezone } from '../../../../domain/validation/country';
import type { ArrivalWindow, BusinessUnit, JobType, Zone } from '../../../../domain/crm/crm-records';

/** A technician as the sandbox stores it: shifts are a weekly pattern placed on the calendar on read. */
export interface SandboxTechnicianData {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  businessUnitIds: string[];
  skills: string[];
  weeklyShifts: WeeklyHours;
  active: boolean;
}

const weekdays = (start: string, end: string): WeeklyHours =>
  Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => [d, [{ start, end }]]));

export const SANDBOX_BUSINESS_UNITS: BusinessUnit[] = [
  { id: '1', name: 'HVAC Service', trade: 'HVAC' },
  { id: '2', name: 'Plumbing Service', trade: 'Plumbing' },
  { id: '3', name: 'Electrical Service', trade: 'Electrical' },
];

/** Spec 000 §9: job durations default to 7200 s. */
export const DEFAULT_JOB_DURATION_SECONDS = 7200;

export const SANDBOX_JOB_TYPES: JobType[] = [
  {
    id: '101',
    name: 'AC Repair',
    businessUnitIds: ['1'],
    priority: 3,
    duration: DEFAULT_JOB_DURATION_SECONDS,
    skills: ['HVAC'],
    summary: 'Diagnose and repair a cooling system',
  },
  { id: '102', name: 'Furnace Tune-Up', businessUnitIds: ['1'], priority: 2, duration: 5400, skills: ['HVAC'], summary: 'Seasonal heating maintenance' },
  {
    id: '103',
    name: 'HVAC Replacement Estimate',
    businessUnitIds: ['1'],
    priority: 1,
    duration: 3600,
    skills: ['Sales'],
    summary: 'In-home estimate for a new system',
  },
  {
    id: '201',
    name: 'Drain Cleaning',
    businessUnitIds: ['2'],
    priority: 3,
    duration: DEFAULT_JOB_DURATION_SECONDS,
    skills: ['Drains'],
    summary: 'Clear a blocked drain',
  },
  {
    id: '202',
    name: 'Water Heater Repair',
    businessUnitIds: ['2'],
    priority: 4,
    duration: 10_800,
    skills: ['Plumbing'],
    summary: 'Repair a tank or tankless heater',
  },
  {
    id: '301',
    name: 'Panel Upgrade Estimate',
    businessUnitIds: ['3'],
    priority: 1,
    duration: 3600,
    skills: ['Electrical'],
    summary: 'Quote an electrical panel upgrade',
  },
];

export const SANDBOX_TECHNICIANS: SandboxTechnicianData[] = [
  {
    id: '1001',
    name: 'Maria Lopez',
    email: 'maria@sandbox.test',
    phoneNumber: '+15125550201',
    businessUnitIds: ['1'],
    skills: ['HVAC', 'Sales'],
    weeklyShifts: weekdays('08:00', '17:00'),
    active: true,
  },
  {
    id: '1002',
    name: 'James Carter',
    email: 'james@sandbox.test',
    phoneNumber: '+15125550202',
    businessUnitIds: ['1'],
    skills: ['HVAC'],
    weeklyShifts: { ...weekdays('10:00', '19:00'), Saturday: [{ start: '08:00', end: '12:00' }] },
    active: true,
  },
  {
    id: '1003',
    name: 'Priya Shah',
    email: 'priya@sandbox.test',
    phoneNumber: '+15125550203',
    businessUnitIds: ['2'],
    skills: ['Plumbing', 'Drains'],
    weeklyShifts: weekdays('08:00', '17:00'),
    active: true,
  },
  {
    id: '1004',
    name: 'Tom Becker',
    email: 'tom@sandbox.test',
    phoneNumber: '+15125550204',
    businessUnitIds: ['2', '3'],
    skills: ['Plumbing', 'Electrical'],
    weeklyShifts: weekdays('07:00', '15:00'),
    active: true,
  },
];

export const SANDBOX_ARRIVAL_WINDOWS: ArrivalWindow[] = ['08:00', '10:00', '13:00', '15:00'].map((start, i) => ({
  id: String(501 + i),
  start,
  duration: '02:00',
  businessUnitIds: ['1', '2', '3'],
  active: true,
}));

/** Zip codes in the country the org's time zone implies, so check_address accepts them. */
const ZIPS: Record<'US' | 'CA' | 'AU', [string[], string[]]> = {
  US: [
    ['78701', '78702', '78703'],
    ['78704', '78745'],
  ],
  CA: [
    ['M5V', 'M4C', 'M6H'],
    ['M1B', 'M9W'],
  ],
  AU: [
    ['3000', '3002', '3006'],
    ['3121', '3181'],
  ],
};

export function sandboxZones(timeZone: string): Zone[] {
  const country = countryFromTimezone(timeZone);
  const [north, south] = ZIPS[country === 'GB' ? 'US' : country];
  return [
    { id: '701', name: 'North', zipcodes: north, businessUnitIds: ['1', '2', '3'], technicianIds: ['1001', '1003', '1004'] },
    { id: '702', name: 'South', zipcodes: south, businessUnitIds: ['1', '2'], technicianIds: ['1002', '1003'] },
  ];
}

export interface SandboxCustomerSeed {
  name: string;
  type: 'Residential' | 'Commercial';
  phone: string;
  email: string;
  street: string;
  city: string;
  state: string;
  /** Index into the org's zone zip codes (North then South). */
  zipIndex: number;
  doNotService?: boolean;
  jobs: {
    jobTypeId: string;
    businessUnitId: string;
    summary: string;
    dayOffset: number;
    arrivalWindow: string;
    technicianIds: string[];
    status: 'SCHEDULED' | 'COMPLETED';
  }[];
}

export const SANDBOX_CUSTOMERS: SandboxCustomerSeed[] = [
  {
    name: 'Alice Johnson',
    type: 'Residential',
    phone: '+15125550101',
    email: 'alice@example.test',
    street: '120 Oak Street',
    city: 'Springfield',
    state: 'TX',
    zipIndex: 0,
    jobs: [
      {
        jobTypeId: '101',
        businessUnitId: '1',
        summary: 'AC blowing warm air',
        dayOffset: 1,
        arrivalWindow: '08:00',
        technicianIds: ['1001'],
        status: 'SCHEDULED',
      },
      {
        jobTypeId: '102',
        businessUnitId: '1',
        summary: 'Annual furnace tune-up',
        dayOffset: -30,
        arrivalWindow: '10:00',
        technicianIds: ['1002'],
        status: 'COMPLETED',
      },
    ],
  },
  {
    name: 'Bob Martinez',
    type: 'Residential',
    phone: '+15125550102',
    email: 'bob@example.test',
    street: '45 Maple Avenue',
    city: 'Springfield',
    state: 'TX',
    zipIndex: 3,
    jobs: [
      {
        jobTypeId: '201',
        businessUnitId: '2',
        summary: 'Kitchen sink draining slowly',
        dayOffset: 2,
        arrivalWindow: '13:00',
        technicianIds: ['1003'],
        status: 'SCHEDULED',
      },
    ],
  },
  {
    name: 'Carol Nguyen',
    type: 'Residential',
    phone: '+15125550103',
    email: 'carol@example.test',
    street: '9 Birch Lane',
    city: 'Springfield',
    state: 'TX',
    zipIndex: 1,
    jobs: [],
  },
  {
    name: 'Downtown Dental LLC',
    type: 'Commercial',
    phone: '+15125550104',
    email: 'office@dental.test',
    street: '500 Main Street',
    city: 'Springfield',
    state: 'TX',
    zipIndex: 2,
    jobs: [
      {
        jobTypeId: '301',
        businessUnitId: '3',
        summary: 'Quote for a 200A panel',
        dayOffset: 1,
        arrivalWindow: '13:00',
        technicianIds: ['1004'],
        status: 'SCHEDULED',
      },
    ],
  },
  {
    name: 'Dan Wright',
    type: 'Residential',
    phone: '+15125550105',
    email: 'dan@example.test',
    street: '77 Cedar Court',
    city: 'Springfield',
    state: 'TX',
    zipIndex: 4,
    doNotService: true,
    jobs: [],
  },
];
