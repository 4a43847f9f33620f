-- CreateTable
CREATE TABLE "audiences" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "build_id" TEXT NOT NULL,
    "creation_status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "is_file_upload" BOOLEAN NOT NULL,
    "rules" JSONB NOT NULL,
    "member_ids" TEXT[],
    "member_count" INTEGER NOT NULL,
    "error" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audiences_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audiences_org_id_idx" ON "audiences"("org_id");

