-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "feature_flags" JSONB,
ADD COLUMN     "service_area_active" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "spam_numbers" JSONB,
ADD COLUMN     "zipcodes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "organization_team_chats" (
    "org_id" UUID NOT NULL,
    "webhook_url" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_team_chats_pkey" PRIMARY KEY ("org_id")
);

