import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '../../../../prisma/client';
import { CanonicalCallRecordSchema, emptyCallRecord, type CanonicalCallRecord, type TranscriptTurn } from '../../../../domain/call/call-record.schema';
import {
  BatchCallInputSchema,
  CreateCallInputSchema,
  VoicemailActionSchema,
  VoiceProviderError,
  type BatchCallInput,
  type CallRequestOptions,
  type CreateCallInput,
  type ListCallsQuery,
  type PhoneAssignment,
  type PhoneAssignmentUpdate,
  type VoicemailAction,
  type VoiceProvider,
} from '../../voice-provider.port';
import { silentMp3 } from './silent-mp3';
import { type WebhookEvent } from '../../../../domain/call/call-event';
import { TransferToolSchema, type TransferTool } from '../../../../domain/contracts/agents.contract';

export interface SandboxVoiceConfig {
  db: Db;
  orgId: string;
  /** Hands the call's lifecycle events to the interaction path, as a platform's webhooks would. */
  deliver: (event: WebhookEvent) => Promise<void>;
  now?: () => Date;
}

export const SANDBOX_RECORDING_PREFIX = 'sandbox-recording:';
// Word timings are synthesised at a steady speaking rate: the sandbox has no audio to align.
const WORDS_PER_SECOND = 2.5;
const PAUSE_SECONDS = 0.6;

/**
 * The offline voice platform: calls, batches, phones and voicemail settings live in Postgres, and an
 * outbound call "happens" at once — a short scripted conversation that reaches the interaction workflow
 * through the same call_started/call_ended deliveries a real platform's webhooks make.
 */
export class SandboxVoiceProvider implements VoiceProvider {
  readonly provider = 'sandbox' as const;
  private readonly now: () => Date;

  constructor(private readonly config: SandboxVoiceConfig) {
    this.now = config.now ?? (() => new Date());
  }

  parseWebhook(): WebhookEvent {
    throw new VoiceProviderError('INVALID_PAYLOAD', 'The sandbox voice provider sends no webhooks', { provider: 'sandbox' });
  }

  async createCall(input: CreateCallInput, options: CallRequestOptions = {}): Promise<{ callId: string }> {
    const call = CreateCallInputSchema.parse(input);
    const { db, orgId } = this.config;
    if (options.idempotencyKey) {
      const existing = await db.sandboxVoiceCall.findUnique({ where: { orgId_idempotencyKey: { orgId, idempotencyKey: options.idempotencyKey } } });
      if (existing) return { callId: existing.id };
    }
    const id = `sandbox_call_${randomUUID()}`;
    const record = this.placeCall(id, call);
    try {
      await db.sandboxVoiceCall.create({
        data: {
          id,
          orgId,
          assistantId: call.assistantId ?? null,
          batchCallId: (call.metadata?.batchCallId as string | undefined) ?? null,
          idempotencyKey: options.idempotencyKey ?? null,
          record: record as Prisma.InputJsonObject,
          recording: new Uint8Array(silentMp3(record.durationSeconds ?? 1)),
          createdAt: new Date(record.createdAt!),
        },
      });
    } catch (error) {
      // Two identical requests at once: the one that lost the race answers with the winner's call.
      if (options.idempotencyKey && (error as { code?: string }).code === 'P2002') return this.createCall(input, options);
      throw error;
    }
    const base = { orgId, providerCallId: id, sequence: 10 };
    await this.config.deliver({
      ...base,
      kind: 'call_started',
      providerEvent: 'call_started',
      occurredAt: record.startedAt!,
      record: { ...record, status: 'in-progress', endedAt: null, endedReason: null, transcriptObject: [] },
    });
    await this.config.deliver({ ...base, kind: 'call_ended', providerEvent: 'call_ended', occurredAt: record.endedAt!, sequence: 30, record });
    return { callId: id };
  }

  async createBatchCall(input: BatchCallInput, options: CallRequestOptions = {}): Promise<{ batchCallId: string }> {
    const batch = BatchCallInputSchema.parse(input);
    const { db, orgId } = this.config;
    if (options.idempotencyKey) {
      const existing = await db.sandboxVoiceBatch.findUnique({ where: { orgId_idempotencyKey: { orgId, idempotencyKey: options.idempotencyKey } } });
      if (existing) return { batchCallId: existing.id };
    }
    const batchCallId = `sandbox_batch_${randomUUID()}`;
    await db.sandboxVoiceBatch.create({
      data: { id: batchCallId, orgId, name: batch.name ?? null, fromNumber: batch.fromNumber, idempotencyKey: options.idempotencyKey ?? null },
    });
    // A trigger time is honoured by real platforms; the sandbox dials at once.
    for (const [index, task] of batch.tasks.entries()) {
      await this.createCall(
        {
          assistantId: task.overrideAgentId,
          callVariables: task.dynamicVariables ?? {},
          customerPhone: task.toNumber,
          phoneId: batch.phoneId ?? batch.fromNumber,
          metadata: { batchCallId },
        },
        { idempotencyKey: `${batchCallId}/${index}` },
      );
    }
    return { batchCallId };
  }

  async listCalls({ assistantId, limit, createdAtGte, createdAtLte }: ListCallsQuery): Promise<CanonicalCallRecord[]> {
    const rows = await this.config.db.sandboxVoiceCall.findMany({
      where: {
        orgId: this.config.orgId,
        ...(assistantId ? { assistantId } : {}),
        ...(createdAtGte || createdAtLte
          ? { createdAt: { ...(createdAtGte ? { gte: createdAtGte } : {}), ...(createdAtLte ? { lte: createdAtLte } : {}) } }
          : {}),
      },
      orderBy: { createdAt: 'desc' },
      take: limit ?? 100,
      select: { record: true },
    });
    return rows.map((r) => CanonicalCallRecordSchema.parse(r.record));
  }

  async getCall(callId: string): Promise<CanonicalCallRecord> {
    const row = await this.config.db.sandboxVoiceCall.findFirst({ where: { id: callId, orgId: this.config.orgId }, select: { record: true } });
    if (!row) throw new VoiceProviderError('NOT_FOUND', `Call ${callId} not found`, { provider: 'sandbox', status: 404 });
    return CanonicalCallRecordSchema.parse(row.record);
  }

  /** The generated audio of a sandbox call, or null when there is none. */
  async getRecording(callId: string): Promise<Buffer | null> {
    const row = await this.config.db.sandboxVoiceCall.findFirst({ where: { id: callId, orgId: this.config.orgId }, select: { recording: true } });
    return row?.recording ? Buffer.from(row.recording) : null;
  }

  async updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void> {
    const parsed = VoicemailActionSchema.parse(action);
    const { db, orgId } = this.config;
    await db.sandboxVoicemailSetting.upsert({
      where: { orgId_agentId: { orgId, agentId } },
      create: { orgId, agentId, action: parsed },
      update: { action: parsed },
    });
  }

  async getVoicemailAction(agentId: string): Promise<VoicemailAction | null> {
    const row = await this.config.db.sandboxVoicemailSetting.findUnique({ where: { orgId_agentId: { orgId: this.config.orgId, agentId } } });
    return row ? VoicemailActionSchema.parse(row.action) : null;
  }

  async getPhone(phoneId: string): Promise<PhoneAssignment> {
    const row = await this.config.db.sandboxVoicePhone.findUnique({ where: { orgId_phoneId: { orgId: this.config.orgId, phoneId } } });
    if (!row) throw new VoiceProviderError('NOT_FOUND', `Phone ${phoneId} not found`, { provider: 'sandbox', status: 404 });
    return { inboundAgentId: row.inboundAgentId, outboundAgentId: row.outboundAgentId, name: row.name };
  }

  /** The sandbox owns every number it is told about: the first update registers it. */
  async updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void> {
    const { db, orgId } = this.config;
    await db.sandboxVoicePhone.upsert({
      where: { orgId_phoneId: { orgId, phoneId } },
      create: { orgId, phoneId, inboundAgentId: update.inboundAgentId ?? null, outboundAgentId: update.outboundAgentId ?? null, name: update.name ?? null },
      update,
    });
  }

  /** The sandbox's agent keeps the tools it was given, as a vendor's agent would (an empty list removes them). */
  async configureTransferTools(providerAgentId: string, tools: readonly TransferTool[]): Promise<void> {
    const { db, orgId } = this.config;
    const transferTools = tools.map((tool) => TransferToolSchema.parse(tool)) as Prisma.InputJsonArray;
    const updatedAt = this.now();
    await db.sandboxVoiceAgent.upsert({
      where: { orgId_agentId: { orgId, agentId: providerAgentId } },
      create: { orgId, agentId: providerAgentId, transferTools, updatedAt },
      update: { transferTools, updatedAt },
    });
  }

  /** The transfer tools configured on the sandbox's agent; null when none were ever configured. */
  async getTransferTools(providerAgentId: string): Promise<TransferTool[] | null> {
    const row = await this.config.db.sandboxVoiceAgent.findUnique({ where: { orgId_agentId: { orgId: this.config.orgId, agentId: providerAgentId } } });
    return row ? TransferToolSchema.array().parse(row.transferTools) : null;
  }

  private placeCall(id: string, call: CreateCallInput): CanonicalCallRecord {
    const created = this.now();
    const vars = call.callVariables;
    const greetingName = vars.customer_name ?? vars.name;
    const company = vars.company_name ?? vars.org_name ?? 'our office';
    const reason = vars.reason ?? vars.call_reason ?? 'following up on your recent request';
    const lines: [TranscriptTurn['role'], string][] = [
      ['Agent', `Hi${greetingName ? ` ${greetingName}` : ''}, this is the assistant from ${company}, ${reason}.`],
      ['Customer', 'Thanks for calling. I do not need anything right now.'],
      ['Agent', 'No problem at all. Have a great day, goodbye.'],
    ];
    let clock = 1;
    const transcriptObject: TranscriptTurn[] = lines.map(([role, content]) => {
      const words = content.split(/\s+/).map((word) => {
        const start = Math.round(clock * 1000) / 1000;
        clock += 1 / WORDS_PER_SECOND;
        return { word, start, end: Math.round(clock * 1000) / 1000 };
      });
      clock += PAUSE_SECONDS;
      return { role, content, words };
    });
    const duration = Math.ceil(clock);
    const at = (seconds: number) => new Date(created.getTime() + seconds * 1000).toISOString();
    return {
      ...emptyCallRecord('sandbox', id),
      voiceAgentId: call.assistantId ?? null,
      type: 'outboundPhoneCall',
      direction: 'outbound',
      status: 'ended',
      endedReason: 'agent_hangup',
      providerStatus: 'ended',
      providerEndedReason: 'agent_hangup',
      createdAt: created.toISOString(),
      updatedAt: at(duration),
      startedAt: created.toISOString(),
      endedAt: at(duration),
      durationSeconds: duration,
      recordingUrl: `${SANDBOX_RECORDING_PREFIX}${id}`,
      fromNumber: call.phoneId ?? null,
      toNumber: call.customerPhone,
      receiverId: call.customerPhone,
      callerPhoneNumberId: call.phoneId ?? null,
      metadata: { ...(call.metadata ?? {}), sandbox: true, allowVoiceMail: call.allowVoiceMail ?? false },
      callVariables: call.callVariables,
      transcriptObject,
      readableTranscriptWithToolCalls: lines.map(([role, text]) => `${role}: ${text}`).join('\n'),
      costUsd: 0,
    };
  }
}
