-- The call logs' statusCounts kept by the interactions projection (issue 16).
CREATE TABLE "interaction_status_counts" (
    "org_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "agent_type" TEXT NOT NULL,
    "call_status" TEXT NOT NULL,
    "reviewed" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "interaction_status_counts_pkey" PRIMARY KEY ("org_id","day","agent_type","call_status","reviewed")
);

-- The counts of the calls already in the read model, as the projection would have kept them (a rebuild gives the same).
INSERT INTO "interaction_status_counts" ("org_id", "day", "agent_type", "call_status", "reviewed", "count")
SELECT "org_id", ("created_at" AT TIME ZONE 'UTC')::date, COALESCE("agent_type", ''), "call_status", "reviewed_at" IS NOT NULL, count(*)::int
FROM "interactions"
GROUP BY 1, 2, 3, 4, 5;

-- The page's order with its tie-breaker, so a keyset cursor and an offset both read the index in order.
CREATE INDEX "interactions_org_id_created_at_id_idx" ON "interactions"("org_id", "created_at" DESC, "id" DESC);

DROP INDEX "interactions_org_id_created_at_idx";
