import { randomUUID } from 'node:crypto';

// What the benchmark, chaos, soak and evaluation scripts do over HTTP as a user would: onboard an organization as
// the platform admin, sign in, and end the process with the script's exit code.

export interface OnboardingStarted {
  workflowId: string;
  email: string;
  password: string;
}

/**
 * Starts onboarding a fresh organization (`POST /onboarding` with the admin token) named `<name> <tag>`, its owner
 * `<label>-<tag>@<label>.test`; answers the onboarding workflow's id and the owner's credentials.
 */
export async function startOnboarding(
  base: string,
  adminToken: string,
  org: { label: string; name: string; timezone: string; trades: string[]; crm: 'NONE' | 'servicetitan' },
): Promise<OnboardingStarted> {
  const tag = randomUUID().slice(0, 8);
  const email = `${org.label}-${tag}@${org.label}.test`;
  const password = `${org.label} password 1`;
  const res = await fetch(`${base}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      name: `${org.name} ${tag}`,
      admin_email: email,
      office_email: `office-${tag}@${org.label}.test`,
      password,
      timezone: org.timezone,
      trades_offered: org.trades,
      crm_name: org.crm,
    }),
  });
  if (res.status !== 200) throw new Error(`onboarding answered ${res.status}: ${await res.text()}`);
  const { workflowId } = (await res.json()) as { workflowId: string };
  return { workflowId, email, password };
}

/** Signs in (`POST /auth/login`); answers the session cookie as a `Cookie` header value. */
export async function logIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('homeagent_session='));
  if (res.status !== 200 || !cookie) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return cookie.split(';')[0];
}

/** Runs a script's main and exits with the code it answers (1, with the error printed, if it throws). */
export function exitWith(main: () => Promise<number>, onError: (err: unknown) => void = (err) => console.error(err)): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      onError(err);
      process.exit(1);
    },
  );
}
