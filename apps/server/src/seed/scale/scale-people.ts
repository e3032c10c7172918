import { DAY_MS } from '@sente/contract';
/** Users of the scale seed: admins, lenders and borrowers with Ugandan names, phones and KYC. */
import type { Sink } from './bulk-sink.ts';
import { isoInstant } from './calendar.ts';
import type { Prng } from './prng.ts';
import { T } from './tables.ts';
import {
  DISTRICTS,
  EMAIL_DOMAINS,
  GIVEN_NAMES_FEMALE,
  GIVEN_NAMES_MALE,
  MOBILE_PREFIXES,
  SURNAMES,
} from './vocabulary.ts';

export interface Person {
  readonly id: number;
  readonly role: 'admin' | 'borrower' | 'lender';
  readonly name: string;
  readonly surname: string;
  readonly female: boolean;
  readonly phone: string | null;
  readonly provider: 'mtn' | 'airtel';
  readonly district: { readonly name: string; readonly areas: readonly string[] };
  readonly registeredAt: number;
  readonly closedAt: number | null;
  /** users.search_text as PostgreSQL derives it, for the copies on their applications and loans. */
  readonly searchText: string;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function ninFor(rng: Prng, female: boolean, birthYear: number): string {
  let rest = '';
  for (let i = 0; i < 10; i++) rest += ALNUM[rng.int(0, 35)];
  return `C${female ? 'F' : 'M'}${String(birthYear % 100).padStart(2, '0')}${rest}`;
}

/** Makes person `id` of `total` (registrations grow over the three years) and writes their rows. */
export function makePerson(
  rng: Prng,
  sink: Sink,
  input: {
    id: number;
    index: number;
    total: number;
    admins: number;
    start: number;
    now: number;
    passwordHash: string;
  },
): Person {
  const { id, index, total, admins, start, now } = input;
  const role = index < admins ? 'admin' : rng.chance(0.03) ? 'lender' : 'borrower';
  const female = rng.chance(0.52);
  const given = rng.pick(female ? GIVEN_NAMES_FEMALE : GIVEN_NAMES_MALE);
  const surname = rng.pick(SURNAMES);
  const name = rng.chance(0.55) ? `${surname} ${given}` : `${given} ${surname}`;
  const local = `${given}.${surname}${id}`.toLowerCase();
  const email = role === 'admin' ? `admin${id}@sente.example.ug` : `${local}@${rng.pick(EMAIL_DOMAINS)}`;
  const mobile = rng.weighted(MOBILE_PREFIXES);
  let digits = '';
  for (let i = 0; i < 7; i++) digits += String(rng.int(0, 9));
  const phone = role === 'admin' || rng.chance(0.93) ? `+256${mobile.prefix}${digits}` : null;
  // Admins first; then registrations grow over time (more people joined lately).
  const registeredAt =
    index < admins
      ? start - DAY_MS + index * 60_000
      : Math.min(now - 3_600_000, start + (now - start) * (index / total) ** 0.75 + rng.int(0, 3_600_000));
  const inactive = role !== 'admin' && rng.chance(0.03);
  const closedAt =
    role !== 'admin' && rng.chance(0.006)
      ? Math.min(now - 60_000, registeredAt + rng.int(1, 500) * DAY_MS)
      : null;
  sink.add(T.users, [
    id,
    name,
    email,
    role === 'admin' ? `admin${id}` : local,
    phone,
    // Seeded accounts stand for ones staff made: a number on file counts as confirmed (docs/accounts.md).
    phone === null ? null : isoInstant(registeredAt),
    role,
    inactive ? 'Inactive' : 'Active',
    input.passwordHash,
    isoInstant(registeredAt),
    isoInstant(closedAt ?? registeredAt),
    closedAt === null ? null : isoInstant(closedAt),
  ]);
  return {
    id,
    role,
    name,
    surname,
    female,
    phone,
    provider: mobile.provider,
    district: rng.weighted(DISTRICTS),
    registeredAt,
    closedAt,
    searchText: [name, email, phone ?? ''].join('\x1f').toLowerCase(),
  };
}

/** KYC for most borrowers and lenders; some are incomplete (the profile shows Not provided). */
export function writeKyc(
  rng: Prng,
  sink: Sink,
  kycId: number,
  person: Person,
  now: number,
): { nin: string; isComplete: boolean } {
  const birthYear = rng.int(1962, 2004);
  const dob = `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const nin = ninFor(rng, person.female, birthYear);
  const complete = rng.chance(0.8);
  const area = rng.pick(person.district.areas);
  sink.add(T.userKyc, [
    kycId,
    person.id,
    complete || rng.chance(0.5) ? dob : null,
    person.female ? 'Female' : 'Male',
    complete || rng.chance(0.5) ? `Plot ${rng.int(1, 240)}, ${area}, ${person.district.name}` : null,
    complete ? nin : null,
    isoInstant(Math.min(now, person.registeredAt + rng.int(600_000, 5 * DAY_MS))),
    isoInstant(Math.min(now, person.registeredAt + rng.int(5 * DAY_MS, 30 * DAY_MS))),
  ]);
  return { nin, isComplete: complete };
}
