import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';

export const EmailLeadOutputSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  service_requested: z.string().nullable(),
});

export const emailToLeadExtractionTask = defineAiTask({
  name: 'email_to_lead_extraction',
  description: 'Extracts a lead (name, phone, e-mail, address, service) from an inbound lead e-mail (lead source EMAIL).',
  inputSchema: z.object({
    from: z.string(),
    subject: z.string(),
    body: z.string(),
    receivedAt: z.string().nullable().default(null),
  }),
  outputSchema: EmailLeadOutputSchema,
  prompt: (input) =>
    taskMessages(
      "A home-service contractor received this e-mail, often a lead notification from a marketplace or a web form. Extract the prospective customer's name, phone (E.164, +1XXXXXXXXXX for US and Canada), e-mail, service address and the service they asked for. The customer's e-mail may differ from the sender's (a marketplace's no-reply address is not the customer's). null for anything the e-mail does not state.",
      input,
    ),
});
