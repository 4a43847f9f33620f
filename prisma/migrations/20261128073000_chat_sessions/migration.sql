-- CreateTable
CREATE TABLE "chat_sessions" (
    "interaction_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "agent_id" TEXT NOT NULL,
    "agent_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "end_reason" TEXT,
    "ended_at" TIMESTAMPTZ(3),
    "messages" JSONB NOT NULL DEFAULT '[]',
    "customer_name" TEXT,
    "customer_number" TEXT,
    "customer_address" TEXT,
    "crm_customer_id" TEXT,
    "number_extension" TEXT,
    "call_status" TEXT NOT NULL,
    "call_type" TEXT,
    "summary" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "events" JSONB NOT NULL DEFAULT '[]',
    "reviewed_at" TIMESTAMPTZ(3),
    "review_notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("interaction_id")
);

-- CreateTable
CREATE TABLE "chat_configs" (
    "org_id" UUID NOT NULL,
    "logo" TEXT,
    "primary_color" TEXT NOT NULL,
    "secondary_color" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "greeting" TEXT,
    "text_theme" TEXT NOT NULL,
    "mascot" TEXT,
    "csr_agent_id" TEXT,
    "crm_campaign_id" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_configs_pkey" PRIMARY KEY ("org_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_sessions_session_id_key" ON "chat_sessions"("session_id");

-- CreateIndex
CREATE INDEX "chat_sessions_org_id_created_at_idx" ON "chat_sessions"("org_id", "created_at" DESC);
