-- CreateTable
CREATE TABLE "organization_sms_configs" (
    "org_id" UUID NOT NULL,
    "phone_number" TEXT,
    "force_secondary_provider" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_sms_configs_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "sms_messages" (
    "message_id" TEXT NOT NULL,
    "provider" TEXT,
    "direction" TEXT NOT NULL,
    "org_id" UUID,
    "interaction_id" TEXT,
    "from" TEXT,
    "to" TEXT,
    "text" TEXT,
    "status" TEXT NOT NULL,
    "provider_status" TEXT,
    "error_code" INTEGER,
    "error_message" TEXT,
    "segment_count" INTEGER,
    "status_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("message_id")
);

-- CreateTable
CREATE TABLE "webhook_apps" (
    "org_id" UUID NOT NULL,
    "app_id" TEXT NOT NULL,
    "signing_secret" TEXT NOT NULL,
    "webhook_urls" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_apps_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "interaction_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "http_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organization_sms_configs_phone_number_key" ON "organization_sms_configs"("phone_number");

-- CreateIndex
CREATE INDEX "sms_messages_org_id_created_at_idx" ON "sms_messages"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "sms_messages_interaction_id_idx" ON "sms_messages"("interaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_apps_app_id_key" ON "webhook_apps"("app_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_org_id_interaction_id_idx" ON "webhook_delivery_attempts"("org_id", "interaction_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_message_id_idx" ON "webhook_delivery_attempts"("message_id");

