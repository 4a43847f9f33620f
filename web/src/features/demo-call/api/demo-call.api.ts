import useSWR from 'swr';
import { DemoAssistantsResponseSchema, DemoCallResponseSchema, type DemoCallRequest } from '@contracts/demo-call.contract';
import { apiClient } from '../../../lib/api-client';

/** The demo organization's assistants a visitor may pick (GET /call/new/assistants). */
export const useDemoAssistants = () => useSWR('/call/new/assistants', () => apiClient.get('/call/new/assistants', DemoAssistantsResponseSchema));

/** Spec 001 §7 POST /call/new: the demo agent calls the visitor's number. */
export const requestDemoCall = (form: DemoCallRequest) => apiClient.post('/call/new', form, DemoCallResponseSchema);
