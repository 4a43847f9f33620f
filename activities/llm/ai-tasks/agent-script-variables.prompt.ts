import { z } from 'zod';
import { AgentTypeSchema } from '../../../domain/interaction/interaction.schema';
import { SCRIPT_VARIABLES, SCRIPT_VARIABLES_BY_AGENT_TYPE, type ScriptVariable } from '../../../domain/agents/script-variables';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';

const text = z.string().nullable();
const shape = Object.fromEntries(SCRIPT_VARIABLES.map((v) => [v, v === 'services' ? z.array(z.string()).nullable() : text])) as Record<
  ScriptVariable,
  z.ZodNullable<z.ZodString> | z.ZodNullable<z.ZodArray<z.ZodString>>
>;

export const AgentScriptVariablesOutputSchema = z.object(shape).strict();
export type AgentScriptVariablesOutput = z.infer<typeof AgentScriptVariablesOutputSchema>;

export const agentScriptVariablesTask = defineAiTask({
  name: 'agent_script_variables',
  description: "Fills an agent type's script variables (spec 000 §3) from the company's website text, for script generation.",
  inputSchema: z.object({
    agentType: AgentTypeSchema,
    orgName: z.string().min(1),
    /** The agent's first name (its current agent_name, or its type's default). */
    agentName: z.string().min(1),
    trades: z.array(z.string()),
    website: z.object({ url: z.string(), title: z.string(), text: z.string().min(1) }),
    currentVariables: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  }),
  outputSchema: AgentScriptVariablesOutputSchema,
  prompt: (input) =>
    taskMessages(
      [
        "You write the script variables of a home-service contractor's AI phone agent from the company's website.",
        `Fill the variables this agent type uses: ${SCRIPT_VARIABLES_BY_AGENT_TYPE[input.agentType].join(', ')}; answer null for every other variable.`,
        'services is the list of trades the company offers (HVAC, Plumbing, Electrical, Drains, Roofing, ...), at least one.',
        'office_hours, company_address and company_phone_number are copied from the website as written there.',
        'faqs (and sales_faqs, membership_faqs) are "Q: ... A: ..." lines taken from questions the website answers.',
        'Greetings and the parting message name the company and the agent. A variable the website says nothing about is null (the current value is kept).',
      ].join(' '),
      input,
    ),
  checkOutput: (output, input) => {
    const problems: string[] = [];
    const wanted = SCRIPT_VARIABLES_BY_AGENT_TYPE[input.agentType];
    for (const key of ['agent_name', 'company_name', 'regular_greeting', 'sales_greeting'] as const) {
      const value = output[key];
      if (wanted.includes(key) && (typeof value !== 'string' || value.trim() === '')) problems.push(`${key} is required for ${input.agentType}`);
    }
    if (wanted.includes('services') && (output.services === null || output.services.length === 0)) problems.push('services must list at least one trade');
    return problems;
  },
});
