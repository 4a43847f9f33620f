-- CreateTable
CREATE TABLE "widgets" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "settings" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "widgets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "widgets_org_id_created_at_idx" ON "widgets"("org_id", "created_at");
