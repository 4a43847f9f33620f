-- AlterTable
ALTER TABLE "interactions" ADD COLUMN     "analysed_by" TEXT,
ADD COLUMN     "classification_reason" TEXT;
