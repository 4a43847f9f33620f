-- CreateTable
CREATE TABLE "widget_chats" (
    "interaction_id" UUID NOT NULL,
    "chat_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "widget_id" TEXT NOT NULL,
    "device_type" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "chat_details" JSONB NOT NULL DEFAULT '[]',
    "customer_number" TEXT,
    "customer_name" TEXT,
    "customer_address" JSONB,
    "crm_customer_id" TEXT,
    "matched_customer_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "referer" TEXT,
    "appointment_time" TEXT,
    "booking_payload" JSONB,
    "action_id" UUID,
    "action_status" TEXT,
    "crm_booking_id" TEXT,
    "end_reason" TEXT,
    "ended_at" TIMESTAMPTZ(3),
    "call_status" TEXT NOT NULL,
    "call_type" TEXT,
    "summary" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "transcript_lines" JSONB NOT NULL DEFAULT '[]',
    "events" JSONB NOT NULL DEFAULT '[]',
    "reviewed_at" TIMESTAMPTZ(3),
    "review_notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "widget_chats_pkey" PRIMARY KEY ("interaction_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "widget_chats_chat_id_key" ON "widget_chats"("chat_id");

-- CreateIndex
CREATE INDEX "widget_chats_org_id_created_at_idx" ON "widget_chats"("org_id", "created_at" DESC);

