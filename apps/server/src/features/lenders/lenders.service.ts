import { kampalaDate, LENDER_STEPS, LENDER_TERMS_VERSION } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  signedInAccountGone,
} from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  checkKycChange,
  findKycByUserId,
  findOpenUserById,
  type KycInput,
  type KycRow,
  type KycValues,
  upsertKyc,
} from '../users/users.service.ts';
import { checkLenderFields, type LenderFieldsInput } from './lender-fields.ts';
import {
  findLenderFacts,
  findLenderProfile,
  type LenderFacts,
  type LenderProfileRow,
  lockExistingLenderProfile,
  lockLenderProfile,
  updateLenderProfile,
} from './lenders.repo.ts';

export type { LenderFacts, LenderProfileRow } from './lenders.repo.ts';

/** What a lender has done towards bidding, and what it still has to do (in plain words). */
export interface LenderStatusValue {
  readonly verified: boolean;
  readonly kycComplete: boolean;
  readonly termsAccepted: boolean;
  readonly termsAcceptedAt: Date | null;
  readonly verifiedAt: Date | null;
  readonly missing: string[];
}

export function statusOf(facts: LenderFacts): LenderStatusValue {
  const missing: string[] = [];
  if (!facts.phoneConfirmed) missing.push(LENDER_STEPS.phone);
  if (!facts.kycComplete) missing.push(LENDER_STEPS.kyc);
  if (!facts.termsAcceptedAt) missing.push(LENDER_STEPS.terms);
  if (!facts.verifiedAt) missing.push(LENDER_STEPS.verification);
  return {
    verified: facts.verifiedAt !== null,
    kycComplete: facts.kycComplete,
    termsAccepted: facts.termsAcceptedAt !== null,
    termsAcceptedAt: facts.termsAcceptedAt,
    verifiedAt: facts.verifiedAt,
    missing,
  };
}

const LENDER_ONLY = 'Only lender accounts can do this';

/** The facts of a signed-in lender; anyone else is refused (each lender reads only its own). */
export async function lenderFactsOf(db: DbOrTx, userId: number): Promise<LenderFacts> {
  const facts = await findLenderFacts(db, userId);
  if (facts?.role !== 'lender') throw new ForbiddenError('LENDER_ONLY', LENDER_ONLY);
  return facts;
}

/**
 * A lender named by id, for the back-office: any other id (a borrower, an admin, a closed or unknown
 * account) is answered as if it did not exist, 404 LENDER_NOT_FOUND.
 */
export async function lenderAccountFacts(db: DbOrTx, lenderId: number): Promise<LenderFacts> {
  const facts = await findLenderFacts(db, lenderId);
  if (facts?.role !== 'lender') throw new NotFoundError('LENDER_NOT_FOUND', 'Lender not found');
  return facts;
}

export async function assertIsLender(db: DbOrTx, lenderId: number): Promise<void> {
  await lenderAccountFacts(db, lenderId);
}

export async function lenderStatus(db: DbOrTx, userId: number): Promise<LenderStatusValue> {
  return statusOf(await lenderFactsOf(db, userId));
}

/**
 * For the bidding code, inside its own transaction: refuses unless the user is an active lender with
 * KYC complete, the current terms accepted and an admin's verification (decisions.md, lender). The
 * profile stays share-locked until the caller commits, so the checks hold for the bid being placed.
 */
export async function assertMayBid(tx: Tx, userId: number): Promise<void> {
  await lockExistingLenderProfile(tx, userId, 'share');
  const facts = await findLenderFacts(tx, userId);
  if (facts?.role !== 'lender' || facts.status !== 'Active') {
    throw new ForbiddenError('LENDER_NOT_VERIFIED', 'Only an active lender account can bid');
  }
  const { missing } = statusOf(facts);
  if (missing.length > 0) {
    throw new ForbiddenError(
      'LENDER_NOT_VERIFIED',
      `You cannot bid yet. Still needed: ${missing.join('; ')}.`,
    );
  }
}

/** A user's KYC with, for a lender, its lender profile (undefined: none yet; null: not a lender). */
export interface OwnKyc {
  readonly kyc: KycRow | undefined;
  readonly lender: LenderProfileRow | undefined | null;
}

export interface OwnKycInput extends KycInput, LenderFieldsInput {}

const LOCKED_WHEN_VERIFIED = [
  ['dateOfBirth', 'date of birth'],
  ['gender', 'gender'],
  ['nationalId', 'NIN'],
] as const;

/**
 * A verified lender keeps what Sente checked: its identity cannot change by itself (Sente changes it
 * after checking again), and nothing on record may be removed. The address and contact person may be
 * updated. Answers the fields that may not change; adds "required" messages to `details`.
 */
function lockedChanges(
  existing: KycRow | undefined,
  profile: LenderProfileRow,
  kyc: KycValues,
  lender: ReturnType<typeof checkLenderFields>['values'],
  details: Record<string, string[]>,
): string[] {
  const locked: string[] = [];
  for (const [field, label] of LOCKED_WHEN_VERIFIED) {
    if (kyc[field] !== undefined && kyc[field] !== (existing?.[field] ?? null)) locked.push(label);
  }
  if (lender.kind !== undefined && lender.kind !== profile.kind) locked.push('lender kind');
  if (lender.registrationNumber !== undefined && lender.registrationNumber !== profile.registrationNumber)
    locked.push('registration number');
  if (kyc.address === null && existing?.address)
    details.address = ['Required while your account is verified'];
  if (lender.contactPerson === null && profile.contactPerson)
    details.contact_person = ['Required while your account is verified'];
  return locked;
}

function notForNonLenders(input: LenderFieldsInput): Record<string, string[]> {
  const sent = {
    lender_kind: input.kind,
    registration_number: input.registrationNumber,
    contact_person: input.contactPerson,
  };
  return Object.fromEntries(
    Object.entries(sent)
      .filter(([, value]) => value !== undefined)
      .map(([field]) => [field, ['Only lender accounts have lender details']]),
  );
}

export function createLendersService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    status(userId: number): Promise<LenderStatusValue> {
      return lenderStatus(db, userId);
    },

    /**
     * Records the lender's acceptance of the current terms. Accepting again keeps the first
     * acceptance; a new terms version needs (and records) a new one.
     */
    async acceptTerms(userId: number): Promise<LenderStatusValue> {
      return db.transaction(async (tx) => {
        await lenderFactsOf(tx, userId);
        const now = clock.now();
        const profile = await lockLenderProfile(tx, userId, now);
        if (profile.termsVersion !== LENDER_TERMS_VERSION || !profile.termsAcceptedAt) {
          await updateLenderProfile(tx, userId, {
            termsVersion: LENDER_TERMS_VERSION,
            termsAcceptedAt: now,
            updatedAt: now,
          });
          await recordAudit(tx, {
            actorId: userId,
            action: 'lender.terms_accepted',
            entityType: 'user',
            entityId: userId,
            before: { terms_version: profile.termsVersion },
            after: { terms_version: LENDER_TERMS_VERSION, terms_accepted_at: now.toISOString() },
            at: now,
          });
        }
        return lenderStatus(tx, userId);
      });
    },

    /** `whose`: the signed-in user's own ('own'), or another's an admin reads ('other'). */
    async kycOf(userId: number, whose: 'own' | 'other'): Promise<OwnKyc> {
      const user = await findOpenUserById(db, userId);
      if (!user) {
        throw whose === 'own' ? signedInAccountGone() : new NotFoundError('USER_NOT_FOUND', 'User not found');
      }
      const kyc = await findKycByUserId(db, userId);
      return { kyc, lender: user.role === 'lender' ? await findLenderProfile(db, userId) : null };
    },

    /**
     * Changes the signed-in user's own KYC: the fields sent, all checked before anything is written
     * (a 400 names every bad field and changes nothing). Lender details are for lenders only.
     */
    async saveOwnKyc(userId: number, input: OwnKycInput): Promise<OwnKyc> {
      return db.transaction(async (tx) => {
        const user = await findOpenUserById(tx, userId);
        if (!user) throw signedInAccountGone();
        const now = clock.now();
        const isLender = user.role === 'lender';
        // Locked first, so an admin's verification and this change never interleave.
        const profile = isLender ? await lockLenderProfile(tx, userId, now) : null;
        const kyc = await checkKycChange(tx, userId, input, kampalaDate(now));
        const lender = checkLenderFields(input);
        const details = { ...kyc.details, ...lender.details };
        if (!isLender) Object.assign(details, notForNonLenders(input));
        const locked = profile?.verifiedAt
          ? lockedChanges(kyc.existing, profile, kyc.values, lender.values, details)
          : [];
        if (Object.keys(details).length > 0)
          throw new InvalidInputError('INVALID_KYC', 'Invalid KYC details', details);
        if (locked.length > 0) {
          throw new ConflictError(
            'LENDER_KYC_LOCKED',
            `Your account is verified: ask Sente to change your ${locked.join(', ')}`,
          );
        }
        const saved =
          Object.keys(kyc.values).length > 0 ? await upsertKyc(tx, userId, kyc.values, now) : kyc.existing;
        if (!profile) return { kyc: saved, lender: null };
        const updated =
          Object.keys(lender.values).length > 0
            ? await updateLenderProfile(tx, userId, { ...lender.values, updatedAt: now })
            : profile;
        return { kyc: saved, lender: updated };
      });
    },
  };
}
export type LendersService = ReturnType<typeof createLendersService>;
