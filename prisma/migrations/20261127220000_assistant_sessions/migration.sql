-- CreateTable
CREATE TABLE "assistant_sessions" (
    "chat_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "interaction_id" UUID NOT NULL,
    "csr_email" TEXT NOT NULL,
    "started_by" TEXT,
    "timezone" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "messages" JSONB NOT NULL DEFAULT '[]',
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "assistant_sessions_pkey" PRIMARY KEY ("chat_id")
);

-- CreateIndex
CREATE INDEX "assistant_sessions_interaction_id_started_by_status_idx" ON "assistant_sessions"("interaction_id", "started_by", "status");

-- CreateIndex
CREATE INDEX "interactions_org_id_customer_number_created_at_idx" ON "interactions"("org_id", "customer_number", "created_at" DESC);
