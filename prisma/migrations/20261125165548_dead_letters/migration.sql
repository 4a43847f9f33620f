-- CreateTable
CREATE TABLE "dead_letters" (
    "projection" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "org_id" UUID,
    "error_message" TEXT NOT NULL,
    "error_code" TEXT,
    "tries" INTEGER NOT NULL,
    "occurrences" INTEGER NOT NULL DEFAULT 1,
    "first_failed_at" TIMESTAMPTZ(3) NOT NULL,
    "last_failed_at" TIMESTAMPTZ(3) NOT NULL,
    "source_topic" TEXT NOT NULL,
    "source_partition" INTEGER NOT NULL,
    "source_offset" BIGINT NOT NULL,
    "event" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "retried_at" TIMESTAMPTZ(3),
    "retry_outcome" TEXT,
    "retry_error" TEXT,
    "discarded_at" TIMESTAMPTZ(3),
    "discard_reason" TEXT,
    "resolved_by" TEXT,

    CONSTRAINT "dead_letters_pkey" PRIMARY KEY ("projection","event_id")
);

-- CreateIndex
CREATE INDEX "dead_letters_status_last_failed_at_idx" ON "dead_letters"("status", "last_failed_at");

