-- AlterTable
ALTER TABLE "widget_chats" ADD COLUMN     "call_type_reason" TEXT,
ADD COLUMN     "tag_reasons" JSONB NOT NULL DEFAULT '{}';

