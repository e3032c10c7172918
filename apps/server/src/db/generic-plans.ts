import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * For the rest of the transaction, PostgreSQL runs each statement on its generic plan instead of
 * planning it again with its values. For a unit of work whose statements all find their rows by key
 * (ids in arrays), the generic plan is the right one and planning it once per connection is all the
 * planning it needs. Left to choose, PostgreSQL planned several of a settlement group's statements
 * anew on every run, because a plan for "an array of ids" is costed for 100 ids; worse, with the
 * values it chose to complete a group's payments by walking every open payment (the partial index
 * of PENDING and PROCESSING) instead of looking up the group's few ids (docs/scale.md, "Generic
 * plans for a group"). Only for transactions whose every statement is a lookup by key: a search by
 * a pattern or a range needs its values to be planned well.
 */
export async function useGenericPlans(tx: Tx): Promise<void> {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
}
