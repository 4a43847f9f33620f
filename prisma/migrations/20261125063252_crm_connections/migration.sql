-- CreateTable
CREATE TABLE "crm_connections" (
    "id" UUID NOT NULL,
    "org_id" UUID,
    "onboarding_slug" TEXT,
    "crm_name" TEXT NOT NULL,
    "sealed_config" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crm_connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "crm_connections_org_id_key" ON "crm_connections"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "crm_connections_onboarding_slug_key" ON "crm_connections"("onboarding_slug");

