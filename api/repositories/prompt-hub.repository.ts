import type { Db, Prisma } from '../../prisma/client';

export interface HubPromptModel {
  name: string;
  temperature: number;
  tools: unknown[];
}

export interface HubPrompt {
  name: string;
  version: number;
  prompt: string;
  model: HubPromptModel;
  createdAt: Date;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === 'P2002';

/**
 * The prompt hub (spec 000 §7 POST /llm/push-to-hub): every push of a name is kept as the next version,
 * so a prompt can be compared with or returned to an earlier one. Written by the API directly: a pushed
 * prompt is configuration, not a fact about the business.
 */
export function createPromptHubRepository(db: Db) {
  const toPrompt = (row: { name: string; version: number; prompt: string; model: Prisma.JsonValue; createdAt: Date }): HubPrompt => ({
    name: row.name,
    version: row.version,
    prompt: row.prompt,
    model: row.model as unknown as HubPromptModel,
    createdAt: row.createdAt,
  });
  return {
    async push(name: string, prompt: string, model: HubPromptModel): Promise<HubPrompt> {
      // Two pushes of one name at once both read the same latest version; the loser takes the next one.
      for (let attempt = 0; ; attempt++) {
        const latest = await db.hubPrompt.findFirst({ where: { name }, orderBy: { version: 'desc' }, select: { version: true } });
        try {
          const row = await db.hubPrompt.create({
            data: { name, version: (latest?.version ?? 0) + 1, prompt, model: model as unknown as Prisma.InputJsonObject },
          });
          return toPrompt(row);
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 5) throw err;
        }
      }
    },
    async latest(name: string): Promise<HubPrompt | null> {
      const row = await db.hubPrompt.findFirst({ where: { name }, orderBy: { version: 'desc' } });
      return row ? toPrompt(row) : null;
    },
  };
}

export type PromptHubRepository = ReturnType<typeof createPromptHubRepository>;
