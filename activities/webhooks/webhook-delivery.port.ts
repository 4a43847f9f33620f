/** Where an organization wants its events delivered (001 §2.18, 000 §3 webhook_urls). */
export interface WebhookEndpoint {
  name: string;
  url: string;
}

export interface WebhookAppSource {
  /** The org's endpoints and signing secret, or null when delivery is not set up. */
  load(orgId: string): Promise<{ signingSecret: string; endpoints: WebhookEndpoint[] } | null>;
}
