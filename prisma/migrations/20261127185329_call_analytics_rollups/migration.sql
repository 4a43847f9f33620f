-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "avg_job_revenue" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "call_analytics_calls" (
    "interaction_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "agent_type" TEXT NOT NULL,
    "call_status" TEXT NOT NULL,
    "ended" BOOLEAN NOT NULL,
    "ended_reason" TEXT,
    "direction" TEXT,
    "seconds" DOUBLE PRECISION NOT NULL,
    "is_lead" BOOLEAN NOT NULL,
    "reviewed" BOOLEAN NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "call_analytics_calls_pkey" PRIMARY KEY ("interaction_id")
);

-- CreateTable
CREATE TABLE "call_analytics_buckets" (
    "org_id" UUID NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "agent_type" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "booked" INTEGER NOT NULL DEFAULT 0,
    "unbooked" INTEGER NOT NULL DEFAULT 0,
    "excused" INTEGER NOT NULL DEFAULT 0,
    "spam" INTEGER NOT NULL DEFAULT 0,
    "transferred" INTEGER NOT NULL DEFAULT 0,
    "reviewed" INTEGER NOT NULL DEFAULT 0,
    "seconds" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "call_analytics_buckets_pkey" PRIMARY KEY ("org_id","bucket_start","agent_type")
);

-- CreateTable
CREATE TABLE "call_analytics_tag_counts" (
    "org_id" UUID NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "call_analytics_tag_counts_pkey" PRIMARY KEY ("org_id","bucket_start","outcome","tag")
);

