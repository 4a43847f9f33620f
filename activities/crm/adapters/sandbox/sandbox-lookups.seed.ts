import type {
  CallReason,
  CampaignCategory,
  Employee,
  JobCancelReason,
  PricebookItem,
  RecurringServiceType,
  Report,
  ReportCategory,
  Role,
} from '../../../../domain/crm/crm-records';

/** The sandbox contractor's lookups: fixed ids so agents, tests and the dashboard can name them. */

export const SANDBOX_ROLES: Role[] = [
  { id: '1', name: 'Admin' },
  { id: '2', name: 'Dispatcher' },
  { id: '3', name: 'CSR' },
  { id: '4', name: 'Technician' },
  { id: '5', name: 'Service Manager' },
];

export const SANDBOX_OFFICE_EMPLOYEES: Employee[] = [
  { id: '2001', name: 'Sandra Kim', email: 'sandra@sandbox.test', phoneNumber: '+15125550301', role: 'Admin' },
  { id: '2002', name: 'Luis Ortega', email: 'luis@sandbox.test', phoneNumber: '+15125550302', role: 'Dispatcher' },
  { id: '2003', name: 'Hannah Reed', email: 'hannah@sandbox.test', phoneNumber: '+15125550303', role: 'CSR' },
  { id: '2004', name: 'Victor Alvarez', email: 'victor@sandbox.test', phoneNumber: '+15125550304', role: 'Service Manager' },
];

export const SANDBOX_MEMBERSHIP_TYPES = [
  { id: '401', name: 'Comfort Club' },
  { id: '402', name: 'Plumbing Protection Plan' },
];

export const SANDBOX_JOB_CANCEL_REASONS: JobCancelReason[] = [
  { id: '801', name: 'Customer canceled' },
  { id: '802', name: 'Scheduled with another company' },
  { id: '803', name: 'Issue resolved itself' },
  { id: '804', name: 'Rescheduled' },
];

const created = new Date('2025-01-06T15:00:00Z');

export const SANDBOX_TAG_TYPES = [
  { id: '901', name: 'Booked by AI', color: '#3182CE', code: 'AI', importance: null, isConversionOpportunity: false },
  { id: '902', name: 'Emergency', color: '#E53E3E', code: 'EMG', importance: 'High', isConversionOpportunity: false },
  { id: '903', name: 'Member', color: '#38A169', code: 'MBR', importance: 'Medium', isConversionOpportunity: false },
  { id: '904', name: 'Replacement Opportunity', color: '#D69E2E', code: 'OPP', importance: 'High', isConversionOpportunity: true },
].map((t) => ({ ...t, active: true, createdOn: created, modifiedOn: created }));

export const SANDBOX_CALL_REASONS: CallReason[] = [
  { id: '601', name: 'Service request', isLead: true, active: true },
  { id: '602', name: 'Estimate request', isLead: true, active: true },
  { id: '603', name: 'Billing question', isLead: false, active: true },
  { id: '604', name: 'Wrong number', isLead: false, active: true },
];

export const SANDBOX_PRICEBOOK: PricebookItem[] = [
  { id: '3001', code: 'DIAG', name: 'Diagnostic visit', type: 'Service', price: 89, businessUnitId: '1' },
  { id: '3002', code: 'TUNE', name: 'Furnace tune-up', type: 'Service', price: 129, businessUnitId: '1' },
  { id: '3003', code: 'DRAIN', name: 'Drain clearing, main line', type: 'Service', price: 249, businessUnitId: '2' },
  { id: '3004', code: 'WH50', name: '50 gal gas water heater', type: 'Equipment', price: 1650, businessUnitId: '2' },
  { id: '3005', code: 'CAP45', name: 'Run capacitor 45/5 MFD', type: 'Material', price: 65, businessUnitId: '1' },
  { id: '3006', code: 'PANEL200', name: '200A panel upgrade', type: 'Service', price: 3200, businessUnitId: '3' },
];

export const SANDBOX_RECURRING_SERVICE_TYPES: RecurringServiceType[] = [
  { id: '1101', name: 'Spring AC maintenance', recurrenceType: 'Yearly', active: true },
  { id: '1102', name: 'Fall furnace maintenance', recurrenceType: 'Yearly', active: true },
];

export const SANDBOX_CAMPAIGN_CATEGORIES: CampaignCategory[] = [
  { id: '1201', name: 'Search', active: true, type: 'Paid', createdOn: created },
  { id: '1202', name: 'Referral', active: true, type: 'Organic', createdOn: created },
];

export const SANDBOX_CAMPAIGNS = [
  { name: 'Google Ads - AC Repair', businessUnitId: '1', categoryId: '1201', campaignPhoneNumbers: ['+15125550900'], otherMedium: null },
  { name: 'Yard Signs', businessUnitId: '2', categoryId: '1202', campaignPhoneNumbers: ['+15125550901'], otherMedium: 'Signs' },
];

export const SANDBOX_REPORT_CATEGORIES: ReportCategory[] = [
  { id: 'operations', name: 'Operations' },
  { id: 'marketing', name: 'Marketing' },
];

/** Report definitions; their rows are computed from the sandbox's own jobs and calls when run. */
export const SANDBOX_REPORTS: (Report & { categoryId: string })[] = [
  {
    categoryId: 'operations',
    id: '5001',
    name: 'Jobs by status',
    description: 'Jobs created in a date range, with their status and business unit',
    modifiedOn: created,
    parameters: [
      { name: 'From', label: 'From', dataType: 'Date', isArray: false, isRequired: true, acceptValues: null },
      { name: 'To', label: 'To', dataType: 'Date', isArray: false, isRequired: true, acceptValues: null },
      {
        name: 'BusinessUnitIds',
        label: 'Business units',
        dataType: 'Number',
        isArray: true,
        isRequired: false,
        acceptValues: {
          fields: [
            { name: 'Value', label: 'Id' },
            { name: 'Name', label: 'Name' },
          ],
          dynamicSetId: 'business-units',
          values: [],
        },
      },
    ],
    fields: [
      { name: 'JobNumber', label: 'Job #', dataType: 'String' },
      { name: 'CustomerName', label: 'Customer', dataType: 'String' },
      { name: 'BusinessUnit', label: 'Business unit', dataType: 'String' },
      { name: 'JobStatus', label: 'Status', dataType: 'String' },
      { name: 'CreatedOn', label: 'Created', dataType: 'Date' },
    ],
  },
  {
    categoryId: 'marketing',
    id: '5002',
    name: 'Calls by campaign',
    description: 'Inbound calls in a date range by campaign',
    modifiedOn: created,
    parameters: [
      { name: 'From', label: 'From', dataType: 'Date', isArray: false, isRequired: true, acceptValues: null },
      { name: 'To', label: 'To', dataType: 'Date', isArray: false, isRequired: true, acceptValues: null },
    ],
    fields: [
      { name: 'Campaign', label: 'Campaign', dataType: 'String' },
      { name: 'Calls', label: 'Calls', dataType: 'Number' },
      { name: 'LeadCalls', label: 'Lead calls', dataType: 'Number' },
    ],
  },
];

/** Per-customer extras, by index into SANDBOX_CUSTOMERS. */
export const SANDBOX_CUSTOMER_EXTRAS: {
  customer: number;
  memberships?: { membershipTypeId: string; status: 'Active' | 'Expired' | 'Canceled'; from: string; to: string | null }[];
  equipment?: { name: string; type: string; manufacturer: string; model: string; serialNumber: string; installedOn: string; warrantyEnd: string | null }[];
  estimates?: { name: string; businessUnitId: string; summary: string; items: { description: string; quantity: number; price: number }[]; sold?: boolean }[];
  calls?: { daysAgo: number; minutes: number; reasonId: string; campaign: number | null; recorded: boolean }[];
}[] = [
  {
    customer: 0,
    memberships: [{ membershipTypeId: '401', status: 'Active', from: '2025-03-01', to: '2026-12-31' }],
    equipment: [
      {
        name: 'Condenser',
        type: 'AC',
        manufacturer: 'Carrier',
        model: '24ACC636A003',
        serialNumber: 'CR1837E12345',
        installedOn: '2014-06-12',
        warrantyEnd: null,
      },
      {
        name: 'Gas furnace',
        type: 'Furnace',
        manufacturer: 'Trane',
        model: 'S9V2B080U4PSA',
        serialNumber: 'TR19K88213',
        installedOn: '2019-10-03',
        warrantyEnd: '2029-10-03',
      },
    ],
    estimates: [
      {
        name: 'Replace 3-ton AC system',
        businessUnitId: '1',
        summary: 'Condenser and coil replacement, 16 SEER',
        items: [
          { description: '3-ton 16 SEER condenser', quantity: 1, price: 5400 },
          { description: 'Evaporator coil', quantity: 1, price: 1450 },
        ],
      },
    ],
    calls: [
      { daysAgo: 2, minutes: 4, reasonId: '601', campaign: 0, recorded: true },
      { daysAgo: 31, minutes: 3, reasonId: '601', campaign: null, recorded: true },
    ],
  },
  {
    customer: 1,
    memberships: [{ membershipTypeId: '402', status: 'Expired', from: '2023-05-01', to: '2024-04-30' }],
    equipment: [
      {
        name: 'Water heater',
        type: 'WaterHeater',
        manufacturer: 'Rheem',
        model: 'XG50T06EC36U1',
        serialNumber: 'RH0920A44871',
        installedOn: '2011-02-20',
        warrantyEnd: null,
      },
    ],
    estimates: [
      {
        name: 'Water heater replacement',
        businessUnitId: '2',
        summary: '50 gal gas heater, haul away old unit',
        items: [
          { description: '50 gal gas water heater', quantity: 1, price: 1650 },
          { description: 'Install and haul away', quantity: 1, price: 450 },
        ],
      },
    ],
    calls: [{ daysAgo: 1, minutes: 6, reasonId: '601', campaign: 1, recorded: true }],
  },
  {
    customer: 2,
    calls: [{ daysAgo: 0, minutes: 2, reasonId: '602', campaign: 0, recorded: false }],
  },
  {
    customer: 3,
    equipment: [
      {
        name: 'Main panel',
        type: 'Electrical',
        manufacturer: 'Square D',
        model: 'QO130L200PG',
        serialNumber: 'SQD7781290',
        installedOn: '1998-08-01',
        warrantyEnd: null,
      },
    ],
    estimates: [
      {
        name: '200A panel upgrade',
        businessUnitId: '3',
        summary: 'Upgrade 100A panel to 200A',
        items: [{ description: '200A panel upgrade', quantity: 1, price: 3200 }],
        sold: true,
      },
    ],
    calls: [{ daysAgo: 5, minutes: 8, reasonId: '602', campaign: null, recorded: true }],
  },
];
