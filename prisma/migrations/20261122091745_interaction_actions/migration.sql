-- CreateTable
CREATE TABLE "interaction_actions" (
    "action_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "interaction_id" UUID,
    "action_type" TEXT NOT NULL,
    "business_key" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL,
    "result" JSONB NOT NULL DEFAULT '{}',
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "interaction_actions_pkey" PRIMARY KEY ("action_id")
);

-- CreateIndex
CREATE INDEX "interaction_actions_interaction_id_idx" ON "interaction_actions"("interaction_id");

