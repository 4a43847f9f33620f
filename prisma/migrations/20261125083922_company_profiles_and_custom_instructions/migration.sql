-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "custom_instructions" JSONB;

-- CreateTable
CREATE TABLE "company_profiles" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "legal_name" TEXT,
    "dba_name" TEXT,
    "website" TEXT,
    "privacy_policy" TEXT,
    "address" JSONB,
    "contact_number" TEXT,
    "ein" TEXT,
    "contact_email" TEXT,
    "sms_config" JSONB,
    "stream_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "company_profiles_org_id_key" ON "company_profiles"("org_id");

