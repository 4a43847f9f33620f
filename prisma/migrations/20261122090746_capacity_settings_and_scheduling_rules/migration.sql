-- CreateTable
CREATE TABLE "organization_capacity_settings" (
    "org_id" UUID NOT NULL,
    "settings" JSONB NOT NULL,
    "stream_version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organization_capacity_settings_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "scheduling_rules" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "conditions" JSONB NOT NULL,
    "activation_period" JSONB NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "status" BOOLEAN NOT NULL,
    "day_start" TEXT,
    "day_end" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduling_rules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "scheduling_rules_org_id_idx" ON "scheduling_rules"("org_id");

