import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, userKyc, users } from '../../db/schema/index.ts';

/** The applicant's account as the review shows it, open or closed (their application stays). */
export async function findApplicant(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** How many other open accounts share a value with the applicant: each lookup is an index probe. */
export interface SharedIdentity {
  readonly ninAccounts: number;
  readonly phoneAccounts: number;
}

export async function countAccountsSharingIdentity(
  db: DbOrTx,
  input: { userId: number; nin: string; phoneNumber: string | null },
): Promise<SharedIdentity> {
  const nin = input.nin.toUpperCase();
  // Other accounts that applied with this NIN or hold it in their KYC record.
  const [byNin] = await db.select({ n: sql<number>`count(distinct account)::int` }).from(
    sql`(select ${applications.userId} as account from ${applications}
          where ${applications.nin} = ${nin} and ${applications.userId} <> ${input.userId}
        union
        select ${userKyc.userId} from ${userKyc}
          where ${userKyc.nationalId} = ${nin} and ${userKyc.userId} <> ${input.userId}) as sharing`,
  );
  const phoneAccounts =
    input.phoneNumber === null
      ? 0
      : ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(
              and(
                eq(users.phoneNumber, input.phoneNumber),
                ne(users.id, input.userId),
                isNull(users.deletedAt),
              ),
            )
        )[0]?.n ?? 0);
  return { ninAccounts: byNin?.n ?? 0, phoneAccounts };
}
