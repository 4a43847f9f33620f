-- CreateTable
CREATE TABLE "voice_call_tokens" (
    "org_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_call_id" TEXT NOT NULL,
    "sealed_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_call_tokens_pkey" PRIMARY KEY ("org_id","provider","provider_call_id")
);

