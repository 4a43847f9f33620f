-- CreateTable
CREATE TABLE "trace_evaluations" (
    "evaluation_id" UUID NOT NULL,
    "trace_id" TEXT NOT NULL,
    "trace_type" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "interaction_id" UUID,
    "agent_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failed_flags" TEXT[],
    "flags" JSONB NOT NULL,
    "standout_summary" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "rule_id" TEXT,
    "run_id" TEXT,
    "evaluated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trace_evaluations_pkey" PRIMARY KEY ("evaluation_id")
);

-- CreateIndex
CREATE INDEX "trace_evaluations_interaction_id_evaluated_at_idx" ON "trace_evaluations"("interaction_id", "evaluated_at" DESC);

-- CreateIndex
CREATE INDEX "trace_evaluations_org_id_evaluated_at_idx" ON "trace_evaluations"("org_id", "evaluated_at");

