-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "platform_sync" JSONB;

-- CreateTable
CREATE TABLE "sandbox_voice_agents" (
    "org_id" UUID NOT NULL,
    "agent_id" TEXT NOT NULL,
    "transfer_tools" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sandbox_voice_agents_pkey" PRIMARY KEY ("org_id","agent_id")
);
