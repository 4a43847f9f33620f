/** One line per tag telling the model when it applies. */
export const TAG_MEANINGS: Record<string, string> = {
  dispatch_fee_issue: 'the caller objected to the dispatch, service-call or evaluation fee',
  timing_issue: 'no offered time suited the caller (too late, not soon enough, wrong day)',
  estimate_on_call: 'the caller wanted a price or quote over the phone',
  agent_requested: 'the caller asked for a real person, a human or a specific staff member',
  message_drop: 'the caller only wanted to leave a message for the office',
  message_left: 'the agent reached voicemail and left a message',
  spam: 'a robocall, sales pitch or solicitation aimed at the business',
  no_conversation: 'there was no real conversation (silence, immediate hang-up)',
  follow_up: 'the caller will decide or call back later (check with a spouse, think about it)',
  outside_service_area: "the service address is outside the organization's service area",
  sooner_slot: 'the caller asked for a sooner slot than the ones offered',
  callback: 'a callback was requested (a create_callback action, or the caller asked to be called back)',
  reschedule: 'the caller wanted to move an existing appointment',
  cancellation: 'the caller wanted to cancel an existing appointment or job',
  appointment_confirmed: 'an existing appointment was confirmed (a COMPLETED confirm_appointment action)',
  language_issue: 'a language barrier kept the call from going forward',
  do_not_service: 'the customer is marked do-not-service or the company does not do the requested work',
  not_interested: 'the person called said they are not interested or do not need the offer (not looking, all set, already have someone)',
  agreed_to_review: 'the person agreed to leave a review when asked',
  positive: 'the person was pleased with the work or the service',
  negative: 'the person complained or was unhappy with the work or the service',
  estimate_accepted: 'the person accepted the estimate or wants to go ahead with the work (or an update_estimate action marked it sold)',
  estimate_declined: 'the person declined the estimate (went elsewhere, too expensive, decided not to; or an update_estimate action marked it unsold)',
  do_not_call: 'the person asked not to be called again',
  no_thanks: 'the recipient declined politely',
  different_service: 'the recipient wants a different service from the one offered',
  do_not_contact: 'the recipient asked not to be contacted again (stop, unsubscribe, remove me)',
};

export function tagInstructions(names: readonly string[]): string {
  return names.map((name) => `- ${name}: ${TAG_MEANINGS[name] ?? name}`).join('\n');
}
