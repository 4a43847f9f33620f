-- CreateTable
CREATE TABLE "verified_caller_ids" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "phone_number" TEXT NOT NULL,
    "friendly_name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_id" TEXT,
    "verified" BOOLEAN NOT NULL,
    "validation_code" TEXT,
    "call_sid" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "verified_caller_ids_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "verified_caller_ids_org_id_phone_number_idx" ON "verified_caller_ids"("org_id", "phone_number");

-- CreateIndex
CREATE INDEX "verified_caller_ids_provider_id_idx" ON "verified_caller_ids"("provider_id");
