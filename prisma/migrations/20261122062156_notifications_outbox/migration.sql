-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "cc_phone_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "notification_settings" JSONB,
ADD COLUMN     "oncall_schedule" JSONB;

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "interaction_id" TEXT,
    "channel" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "template" TEXT,
    "status" TEXT NOT NULL,
    "dedup_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "interactions" (
    "id" UUID NOT NULL,
    "call_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_call_id" TEXT NOT NULL,
    "agent_type" TEXT,
    "voice_agent_id" TEXT,
    "direction" TEXT,
    "call_status" TEXT NOT NULL,
    "call_type" TEXT,
    "ended_reason" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "duration_seconds" DOUBLE PRECISION,
    "recording_url" TEXT,
    "customer_number" TEXT,
    "customer_name" TEXT,
    "customer_address" TEXT,
    "crm_customer_id" TEXT,
    "is_lead" BOOLEAN,
    "subject" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tag_reasons" JSONB NOT NULL DEFAULT '{}',
    "summary" JSONB NOT NULL DEFAULT '[]',
    "summary_kind" TEXT,
    "transcript_object" JSONB NOT NULL DEFAULT '[]',
    "transcript_lines" JSONB NOT NULL DEFAULT '[]',
    "call_analysis" JSONB NOT NULL DEFAULT '{}',
    "score_params" JSONB,
    "reached_voicemail" BOOLEAN,
    "events" JSONB NOT NULL DEFAULT '[]',
    "reviewed_at" TIMESTAMPTZ(3),
    "review_notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "interactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voice_provider_secrets" (
    "org_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "webhook_secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_provider_secrets_pkey" PRIMARY KEY ("org_id","provider")
);

-- CreateTable
CREATE TABLE "sandbox_reference" (
    "org_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "sandbox_reference_pkey" PRIMARY KEY ("org_id","kind","id")
);

-- CreateTable
CREATE TABLE "sandbox_customers" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "do_not_service" BOOLEAN NOT NULL DEFAULT false,
    "contacts" JSONB NOT NULL DEFAULT '[]',
    "phones" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_locations" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "unit" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "country" TEXT NOT NULL,

    CONSTRAINT "sandbox_locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_jobs" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "job_status" TEXT NOT NULL,
    "job_type_id" TEXT,
    "business_unit_id" TEXT,
    "priority" TEXT,
    "summary" TEXT NOT NULL,
    "cancel_reason" TEXT,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_appointments" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "job_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "arrival_window_start" TIMESTAMPTZ(3),
    "arrival_window_end" TIMESTAMPTZ(3),
    "technician_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL,
    "is_confirmed" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "sandbox_appointments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bookings" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_callback_requests" (
    "id" SERIAL NOT NULL,
    "org_id" UUID NOT NULL,
    "phone_number" TEXT NOT NULL,
    "is_emergency" BOOLEAN NOT NULL,
    "note" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_callback_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_messages_dedup_key_key" ON "outbox_messages"("dedup_key");

-- CreateIndex
CREATE INDEX "outbox_messages_org_id_created_at_idx" ON "outbox_messages"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "interactions_call_id_key" ON "interactions"("call_id");

-- CreateIndex
CREATE INDEX "interactions_org_id_created_at_idx" ON "interactions"("org_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "interactions_org_id_call_status_created_at_idx" ON "interactions"("org_id", "call_status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "interactions_provider_provider_call_id_key" ON "interactions"("provider", "provider_call_id");

-- CreateIndex
CREATE INDEX "sandbox_customers_org_id_idx" ON "sandbox_customers"("org_id");

-- CreateIndex
CREATE INDEX "sandbox_customers_phones_idx" ON "sandbox_customers" USING GIN ("phones");

-- CreateIndex
CREATE INDEX "sandbox_locations_org_id_customer_id_idx" ON "sandbox_locations"("org_id", "customer_id");

-- CreateIndex
CREATE INDEX "sandbox_locations_org_id_zip_idx" ON "sandbox_locations"("org_id", "zip");

-- CreateIndex
CREATE INDEX "sandbox_jobs_org_id_customer_id_idx" ON "sandbox_jobs"("org_id", "customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_jobs_org_id_idempotency_key_key" ON "sandbox_jobs"("org_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "sandbox_appointments_org_id_start_idx" ON "sandbox_appointments"("org_id", "start");

-- CreateIndex
CREATE INDEX "sandbox_appointments_job_id_idx" ON "sandbox_appointments"("job_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_bookings_org_id_external_id_key" ON "sandbox_bookings"("org_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_callback_requests_org_id_idempotency_key_key" ON "sandbox_callback_requests"("org_id", "idempotency_key");

