-- CreateTable
CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "agent_type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_agent_id" TEXT,
    "friendly_name" TEXT,
    "provider_phone_number" TEXT,
    "script_config" JSONB NOT NULL,
    "job_types" JSONB NOT NULL,
    "custom_tools" JSONB NOT NULL,
    "template_tools" JSONB NOT NULL,
    "transfer_tools" JSONB NOT NULL,
    "prompt_type" TEXT NOT NULL,
    "notification_email" TEXT,
    "requires_script_generation" BOOLEAN NOT NULL,
    "requires_tool_generation" BOOLEAN NOT NULL,
    "never_generate_script" BOOLEAN NOT NULL,
    "script_source_agent_id" UUID,
    "verified_caller_id" TEXT,
    "provider_agent_config" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agents_org_id_created_at_idx" ON "agents"("org_id", "created_at");
