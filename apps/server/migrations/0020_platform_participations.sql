-- Every loan made before the marketplace was funded by the platform alone: it gets one participation
-- (lender NULL) holding the whole principal and what has been paid on it, so the sums over a loan's
-- participations equal the loan's figures for every loan (docs/marketplace.md).
INSERT INTO "participations" ("loan_id", "lender_id", "bid_id", "rate_bp", "principal_share", "principal_repaid", "interest_paid", "fees_paid", "created_at")
SELECT l."id", NULL, NULL, round(l."interest_rate" * 100)::int, l."amount", l."principal_paid", l."interest_paid", 0, l."opening_date"
FROM "loans" l
WHERE NOT EXISTS (SELECT 1 FROM "participations" p WHERE p."loan_id" = l."id");
