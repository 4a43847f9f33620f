import type { AiTask } from './ai-task';
import { addressValidationTask } from './address-validation.prompt';
import { agentScriptVariablesTask } from './agent-script-variables.prompt';
import { addressValidationWithCandidatesTask } from './address-validation-with-candidates.prompt';
import { callReasonTask, qaCallReasonTask } from './call-reason.prompt';
import { callScorerTask } from './call-scorer.prompt';
import { cancelJobReasonTask } from './cancel-job-reason.prompt';
import { chatSummaryBookedTask } from './chat-summary-booked.prompt';
import { classifyInteractionTask } from './classify-interaction.prompt';
import { crmTagsTask } from './crm-tags.prompt';
import { csrAssistantReplyTask } from './csr-assistant-reply.prompt';
import { customerIntentPredictorTask } from './customer-intent-predictor.prompt';
import { emailToLeadExtractionTask } from './email-to-lead-extraction.prompt';
import { filteredActionsTask } from './filtered-actions.prompt';
import { guardrailTask } from './guardrail.prompt';
import { jobBookingParamsTask } from './job-booking-params.prompt';
import { jobTypeDescriptionTask } from './job-type-description.prompt';
import { logLineTask } from './log-line.prompt';
import { missingJobCreateActionTask } from './missing-job-create-action.prompt';
import { opportunityEstimatorTask } from './opportunity-estimator.prompt';
import { qaCallCoachTask } from './qa-call-coach.prompt';
import { qaCallScorerTask } from './qa-call-scorer.prompt';
import { qaLeadTask } from './qa-lead.prompt';
import { reachedVoicemailTask } from './reached-voicemail.prompt';
import { reclassifyUnbookedToExcusedTask } from './reclassify-unbooked-to-excused.prompt';
import { rescheduleParamsTask } from './reschedule-params.prompt';
import { speakersTask } from './speakers.prompt';
import { summaryAppointmentReminderTask } from './summary-appointment-reminder.prompt';
import { summaryBookedActionTask } from './summary-booked-action.prompt';
import { summaryBookedActionCustomTask } from './summary-booked-action-custom.prompt';
import { summaryDemoTask } from './summary-demo.prompt';
import { summaryExcusedTask } from './summary-excused.prompt';
import { summaryGenericTask } from './summary-generic.prompt';
import { summaryHappyCallTask } from './summary-happy-call.prompt';
import { summaryUnbookedTask } from './summary-unbooked.prompt';
import { tagsBookedTask } from './tags-booked.prompt';
import { tagsExcusedTask } from './tags-excused.prompt';
import { tagsOutboundCallTask } from './tags-outbound-call.prompt';
import { tagsOutboundTextTask } from './tags-outbound-text.prompt';
import { tagsToInsightsTask } from './tags-to-insights.prompt';
import { tagsUnbookedTask } from './tags-unbooked.prompt';
import { transcriptToCustomerIdAndIsLeadTask } from './transcript-to-customer-id-and-is-lead.prompt';
import { widgetStepsDetailsTask } from './widget-steps-details.prompt';

/**
 * Every AI task of spec 000 §7 /llm, plus the §1/§4 interaction classification, 001 §2.15's CSR assistant and
 * script generation's script variables (000 §4 admin workflows), keyed by name.
 */
export const AI_TASKS = {
  classify_interaction: classifyInteractionTask,
  transcript_to_customer_id_and_is_lead: transcriptToCustomerIdAndIsLeadTask,
  summary_booked_action: summaryBookedActionTask,
  summary_booked_action_custom: summaryBookedActionCustomTask,
  summary_excused: summaryExcusedTask,
  summary_unbooked: summaryUnbookedTask,
  summary_demo: summaryDemoTask,
  summary_happy_call: summaryHappyCallTask,
  summary_appointment_reminder: summaryAppointmentReminderTask,
  summary_generic: summaryGenericTask,
  job_booking_params: jobBookingParamsTask,
  tags_booked: tagsBookedTask,
  tags_excused: tagsExcusedTask,
  tags_unbooked: tagsUnbookedTask,
  tags_outbound_text: tagsOutboundTextTask,
  tags_outbound_call: tagsOutboundCallTask,
  crm_tags: crmTagsTask,
  filtered_actions: filteredActionsTask,
  chat_summary_booked: chatSummaryBookedTask,
  tags_to_insights: tagsToInsightsTask,
  job_type_description: jobTypeDescriptionTask,
  address_validation: addressValidationTask,
  address_validation_with_candidates: addressValidationWithCandidatesTask,
  call_scorer: callScorerTask,
  qa_call_scorer: qaCallScorerTask,
  reclassify_unbooked_to_excused: reclassifyUnbookedToExcusedTask,
  cancel_job_reason: cancelJobReasonTask,
  reschedule_params: rescheduleParamsTask,
  call_reason: callReasonTask,
  qa_call_reason: qaCallReasonTask,
  guardrail: guardrailTask,
  speakers: speakersTask,
  qa_lead: qaLeadTask,
  opportunity_estimator: opportunityEstimatorTask,
  widget_steps_details: widgetStepsDetailsTask,
  missing_job_create_action: missingJobCreateActionTask,
  customer_intent_predictor: customerIntentPredictorTask,
  log_line: logLineTask,
  reached_voicemail: reachedVoicemailTask,
  qa_call_coach: qaCallCoachTask,
  email_to_lead_extraction: emailToLeadExtractionTask,
  csr_assistant_reply: csrAssistantReplyTask,
  agent_script_variables: agentScriptVariablesTask,
} as const;

export type AiTaskName = keyof typeof AI_TASKS;
export type AiTaskByName<K extends AiTaskName> = (typeof AI_TASKS)[K];

export const AI_TASK_NAMES = Object.keys(AI_TASKS) as AiTaskName[];

export function findAiTask(name: string): AiTask | undefined {
  return Object.prototype.hasOwnProperty.call(AI_TASKS, name) ? (AI_TASKS[name as AiTaskName] as unknown as AiTask) : undefined;
}
