-- CreateTable
CREATE TABLE "staff_invitations" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "invited_by" UUID,
    "invited_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "responded_at" TIMESTAMPTZ(3),
    "accepted_user_id" UUID,

    CONSTRAINT "staff_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_tokens" (
    "token_hash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "staff_invitations_org_id_status_idx" ON "staff_invitations"("org_id", "status");

-- CreateIndex
CREATE INDEX "staff_tokens_purpose_subject_id_idx" ON "staff_tokens"("purpose", "subject_id");

