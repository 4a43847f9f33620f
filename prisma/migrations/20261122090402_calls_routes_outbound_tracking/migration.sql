-- AlterTable
ALTER TABLE "sandbox_jobs" ADD COLUMN     "tag_type_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "sandbox_appointments" ADD COLUMN     "special_instructions" TEXT;

-- CreateTable
CREATE TABLE "sandbox_records" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "parent_id" TEXT,
    "key" TEXT,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voice_provider_accounts" (
    "org_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "api_key" TEXT NOT NULL,
    "base_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_provider_accounts_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "sandbox_voice_calls" (
    "id" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "assistant_id" TEXT,
    "batch_call_id" TEXT,
    "idempotency_key" TEXT,
    "record" JSONB NOT NULL,
    "recording" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sandbox_voice_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_voice_batches" (
    "id" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT,
    "from_number" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_voice_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_voice_phones" (
    "org_id" UUID NOT NULL,
    "phone_id" TEXT NOT NULL,
    "inbound_agent_id" TEXT,
    "outbound_agent_id" TEXT,
    "name" TEXT,

    CONSTRAINT "sandbox_voice_phones_pkey" PRIMARY KEY ("org_id","phone_id")
);

-- CreateTable
CREATE TABLE "sandbox_voicemail_settings" (
    "org_id" UUID NOT NULL,
    "agent_id" TEXT NOT NULL,
    "action" JSONB NOT NULL,

    CONSTRAINT "sandbox_voicemail_settings_pkey" PRIMARY KEY ("org_id","agent_id")
);

-- CreateTable
CREATE TABLE "customer_success_events" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "properties" JSONB NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "dedup_key" TEXT NOT NULL,

    CONSTRAINT "customer_success_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sandbox_records_org_id_kind_parent_id_idx" ON "sandbox_records"("org_id", "kind", "parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_records_org_id_kind_key_key" ON "sandbox_records"("org_id", "kind", "key");

-- CreateIndex
CREATE INDEX "sandbox_voice_calls_org_id_created_at_idx" ON "sandbox_voice_calls"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_voice_calls_org_id_idempotency_key_key" ON "sandbox_voice_calls"("org_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_voice_batches_org_id_idempotency_key_key" ON "sandbox_voice_batches"("org_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "customer_success_events_dedup_key_key" ON "customer_success_events"("dedup_key");

-- CreateIndex
CREATE INDEX "customer_success_events_account_id_timestamp_idx" ON "customer_success_events"("account_id", "timestamp");

