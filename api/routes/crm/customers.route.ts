import { z } from 'zod';
import { notFound } from '../../http/errors';
import { ContactSchema, CustomerSchema, IdNameSchema, LocationSchema, MembershipSchema } from './crm.schema';
import { IdParam, crmRoute, pageSchema, queryList, requireSomeFilter } from './crm-route';
import {
  AddContactBodySchema,
  CampaignByCallerBodySchema,
  CreateCustomerBodySchema,
  CreateLocationBodySchema,
  CustomerQuerySchema,
  LocationQuerySchema,
} from './customers.schema';

export const campaignDetailsByCallerRoute = crmRoute({
  method: 'post',
  path: '/crm/campaign-details-using-caller-number',
  summary: 'Campaigns of the calls from a number in a date range',
  body: CampaignByCallerBodySchema,
  response: z.array(IdNameSchema),
  description: '[{id, name}]',
  run: ({ crm, body }) => crm.findCampaignsByCallerNumber(body.callerPhoneNumber, { from: body.createdOnOrAfter, to: body.createdBefore }),
});

export const listContactsRoute = crmRoute({
  method: 'get',
  path: '/crm/contacts',
  summary: 'Contacts by customer id',
  query: { customerIds: queryList },
  response: z.record(z.string(), z.array(ContactSchema)),
  description: 'A map of customerId to contacts',
  run: ({ crm, query }) => crm.listContacts(query.customerIds),
});

export const listLocationsRoute = crmRoute({
  method: 'get',
  path: '/crm/locations',
  summary: 'Customer locations',
  query: LocationQuerySchema.shape,
  response: pageSchema(LocationSchema),
  description: 'A page of locations',
  run: ({ crm, query }) => {
    requireSomeFilter(query);
    return crm.listLocations(query);
  },
});

export const listCustomersRoute = crmRoute({
  method: 'get',
  path: '/crm/customers',
  summary: 'Customers matching the filters',
  query: CustomerQuerySchema.shape,
  response: pageSchema(CustomerSchema),
  description: 'A page of customers with their locations',
  run: ({ crm, query }) => {
    requireSomeFilter(query);
    return crm.listCustomers(query);
  },
});

export const getCustomerRoute = crmRoute({
  method: 'get',
  path: '/crm/customers/:customerId',
  summary: 'One customer with locations, contacts and memberships',
  params: IdParam('customerId'),
  response: CustomerSchema,
  description: 'The customer',
  run: async ({ crm, params }) => {
    const customer = await crm.getCustomer(params.customerId);
    if (!customer) throw notFound(`Customer ${params.customerId} not found`);
    return customer;
  },
});

export const createCustomerRoute = crmRoute({
  method: 'post',
  path: '/crm/customer',
  summary: 'Create a customer with at least one location',
  body: CreateCustomerBodySchema,
  response: CustomerSchema,
  status: 201,
  description: 'The created customer',
  run: ({ crm, body }) => crm.createCustomer(body),
});

export const createLocationRoute = crmRoute({
  method: 'post',
  path: '/crm/customer/:customerId/location',
  summary: 'Add a location to a customer',
  params: IdParam('customerId'),
  body: CreateLocationBodySchema,
  response: LocationSchema,
  status: 201,
  description: 'The created location',
  run: ({ crm, params, body }) => crm.createLocation(params.customerId, body),
});

export const addContactRoute = crmRoute({
  method: 'post',
  path: '/crm/customer/:customerId/contact',
  summary: 'Add a contact to a customer (adding the same one twice keeps one)',
  params: IdParam('customerId'),
  body: AddContactBodySchema,
  response: ContactSchema,
  status: 201,
  description: 'The contact',
  run: ({ crm, params, body }) => crm.addContact(params.customerId, body),
});

export const customerMembershipStatusRoute = crmRoute({
  method: 'get',
  path: '/crm/customer-membership-status',
  summary: 'Memberships of customers, with their status',
  query: { customerIds: queryList, status: z.enum(['Active', 'Expired', 'Canceled'], 'status must be Active, Expired or Canceled').optional() },
  response: z.array(MembershipSchema),
  description: 'Memberships',
  run: ({ crm, query }) => crm.listMemberships({ customerIds: query.customerIds, status: query.status }),
});

export const CUSTOMER_ROUTES = [
  campaignDetailsByCallerRoute,
  listContactsRoute,
  listLocationsRoute,
  listCustomersRoute,
  getCustomerRoute,
  createCustomerRoute,
  createLocationRoute,
  addContactRoute,
  customerMembershipStatusRoute,
];
