/**
 * Workflow ids are built from business keys here and nowhere else, so a repeated request (a
 * double-clicked form, a duplicate webhook) finds the run it already started.
 */
export const workflowIds = {
  onboarding: (slug: string) => `onboarding/${slug}`,
  /** One run per agent action: the same booking asked for twice (a retried tool call) books once. */
  crmAction: (orgId: string, actionType: string, businessKey: string) => `crm-action/${orgId}/${actionType}/${businessKey}`,
  /** One notification run per interaction: a repeated hand-off sends nothing new. */
  notifyInteraction: (interactionId: string) => `notify-interaction/${interactionId}`,
  /** One webhook delivery per interaction, started by its notification run. */
  deliverWebhooks: (interactionId: string) => `deliver-webhooks/${interactionId}`,
  /** One interaction per provider call, whichever webhook delivery comes first. */
  interaction: (provider: string, providerCallId: string) => `interaction/${provider}/${providerCallId}`,
  /** One run per web call with the in-house agent. */
  webCall: (interactionId: string) => `web-call/${interactionId}`,
  /** One run per LLM chat session (POST /llm/chat): the session id is the caller's. */
  chatSession: (sessionId: string) => `chat-session/${sessionId}`,
  /** One run per website widget chat (001 §2.6): the chat id is the API's, made at register. */
  widgetChat: (chatId: string) => `widget-chat/${chatId}`,
  /** One build at a time per audience: a newer request replaces the one running, the same one joins it. */
  audienceBuild: (orgId: string, audienceId: string) => `audience-build/${orgId}/${audienceId}`,
  /** One script generation at a time per agent: a repeated POST /script-generator joins the run going. */
  scriptGeneration: (agentId: string) => `script-generation/${agentId}`,
  /** One run per agent writing its transfer tools to its voice platform: a later edit signals the run going. */
  agentPlatform: (agentId: string) => `agent-platform/${agentId}`,
  /** One job-type sheet at a time per organization. */
  jobTypeSheet: (orgId: string) => `job-type-sheet/${orgId}`,
};

// Letters NFKD cannot split into a base letter and an accent.
const TRANSLITERATIONS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', þ: 'th' };

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[ßæøœłđþ]/g, (c) => TRANSLITERATIONS[c])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '') // "Joe's" is joes, not joe-s
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}
