-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "stripe_billing_id" TEXT;

