import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { ApiDeps } from '../deps';
import { unauthorized } from '../http/errors';
import { bearerToken, readSessionToken } from '../http/session';

export const TOOL_SECRET_HEADER = 'x-tool-secret';

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A tool call comes from the org's voice platform (X-Tool-Secret: the tool secret set for one of its platforms
 * on Settings → Voice platforms; webhook secrets are not accepted, they are the vendor's to sign with) or from
 * our own side (the admin bearer token or an operator session, as the in-house agent and operators testing tools use).
 */
export async function authorizeToolCall(deps: ApiDeps, req: Request, orgId: string): Promise<void> {
  const token = bearerToken(req);
  if (token && deps.config.ADMIN_API_TOKEN && same(token, deps.config.ADMIN_API_TOKEN)) return;
  const secret = req.get(TOOL_SECRET_HEADER);
  if (secret) {
    const secrets = await deps.voice.platforms.toolSecretsOf(orgId);
    if (secrets.some((s) => same(secret, s))) return;
  }
  const session = readSessionToken(req);
  if (session) {
    const userId = await deps.sessions.findUserId(session);
    const user = userId ? await deps.staff.findIdentity(userId) : null;
    if (user?.isOperator) return;
  }
  throw unauthorized('A valid tool secret or operator token is required');
}
