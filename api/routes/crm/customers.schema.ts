import { z } from 'zod';
import { AddressInputSchema, ContactSchema, ContactTypeSchema } from './crm.schema';
import { PagingQuery, queryDate, queryList } from './crm-route';

const date = (name: string) =>
  z
    .string(`${name} must be a date`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date`)
    .transform((v) => new Date(v));

export const CampaignByCallerBodySchema = z.object({
  callerPhoneNumber: z.string('callerPhoneNumber is required').trim().min(1, 'callerPhoneNumber is required'),
  createdBefore: date('createdBefore'),
  createdOnOrAfter: date('createdOnOrAfter'),
});

export const CustomerQuerySchema = z.object({
  ids: queryList,
  name: z.string().trim().min(1).optional(),
  phone: z.string().trim().min(1).optional(),
  zip: z.string().trim().min(1).optional(),
  active: z
    .enum(['true', 'false'], 'active must be true or false')
    .transform((v) => v === 'true')
    .optional(),
  createdOnOrAfter: queryDate('createdOnOrAfter'),
  createdBefore: queryDate('createdBefore'),
  ...PagingQuery,
});

export const LocationQuerySchema = z.object({
  ids: queryList,
  customerId: z.string().trim().min(1).optional(),
  zip: z.string().trim().min(1).optional(),
  ...PagingQuery,
});

/** Spec 000 §5 "Create customer: at least 1 location". */
export const CreateCustomerBodySchema = z.object({
  name: z.string('name is required').trim().min(1, 'name is required'),
  type: z.enum(['Residential', 'Commercial'], 'type must be Residential or Commercial'),
  locations: z
    .array(
      z.object({ name: z.string('location name is required').trim().min(1, 'location name is required'), address: AddressInputSchema }),
      'A customer needs at least 1 location',
    )
    .min(1, 'A customer needs at least 1 location'),
  billingAddress: AddressInputSchema.optional(),
  contacts: z.array(ContactSchema.omit({ id: true })).default([]),
});

export const CreateLocationBodySchema = z.object({
  name: z.string('name is required').trim().min(1, 'name is required'),
  address: AddressInputSchema,
  contacts: z.array(ContactSchema.omit({ id: true })).optional(),
});

export const AddContactBodySchema = z.object({
  type: ContactTypeSchema,
  description: z.string().optional(),
  value: z.string('value is required').trim().min(1, 'value is required'),
});
