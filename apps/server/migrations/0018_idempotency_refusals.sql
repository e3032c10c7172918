-- A refusal is kept as a domain fact (kind, code, message, details) instead of an HTTP status and
-- body, so the idempotency feature knows nothing of HTTP (ADR 010). Refusals stored before keep
-- their message and details; their code is REFUSED, as they never had one.
ALTER TABLE "idempotency_keys" ADD COLUMN "refusal" jsonb;--> statement-breakpoint
UPDATE "idempotency_keys"
SET "refusal" = jsonb_strip_nulls(jsonb_build_object(
      'kind', CASE "response_status"
        WHEN 400 THEN 'invalid'
        WHEN 401 THEN 'unauthenticated'
        WHEN 403 THEN 'forbidden'
        WHEN 404 THEN 'not-found'
        WHEN 409 THEN 'conflict'
        WHEN 413 THEN 'too-large'
        WHEN 429 THEN 'rate-limited'
        ELSE 'invalid'
      END,
      'code', 'REFUSED',
      'message', coalesce("response_body"->>'error', 'Request refused'),
      'details', "response_body"->'details')),
    "response_body" = NULL
WHERE "response_status" >= 400;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_status";
