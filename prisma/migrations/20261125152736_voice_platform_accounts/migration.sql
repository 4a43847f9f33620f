-- The plaintext tables are kept under legacy names: their rows cannot be sealed in SQL, so the start-up seed
-- (prisma/legacy-voice-credentials.ts) moves them into voice_platform_accounts through the store and drops them.
ALTER TABLE "voice_provider_secrets" RENAME TO "legacy_voice_provider_secrets";
ALTER TABLE "legacy_voice_provider_secrets" RENAME CONSTRAINT "voice_provider_secrets_pkey" TO "legacy_voice_provider_secrets_pkey";
ALTER TABLE "voice_provider_accounts" RENAME TO "legacy_voice_provider_accounts";
ALTER TABLE "legacy_voice_provider_accounts" RENAME CONSTRAINT "voice_provider_accounts_pkey" TO "legacy_voice_provider_accounts_pkey";

-- CreateTable
CREATE TABLE "voice_platform_accounts" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "sealed_secrets" TEXT NOT NULL,
    "base_url" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_platform_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "voice_platform_accounts_org_id_provider_key" ON "voice_platform_accounts"("org_id", "provider");


-- At most one active platform per organization (not expressible in schema.prisma).
CREATE UNIQUE INDEX "voice_platform_accounts_one_active_per_org" ON "voice_platform_accounts"("org_id") WHERE "active";
