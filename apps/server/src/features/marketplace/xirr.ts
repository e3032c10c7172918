/**
 * A lender's annualised return: the rate r at which the flows' present value is 0,
 *   Σ amount × (1 + r)^(−years since the first flow) = 0, years = days / 365 (actual/365),
 * as spreadsheets' XIRR. Lender's view: money into a loan is negative, repayments positive.
 *
 * Newton's method from 10%, as spreadsheets do; when it fails (a step leaves r > −1, the slope
 * vanishes, or it does not settle), bisection on the first sign change over a fixed ladder of rates
 * from −100% to +10^9 %. The result is null when there is no such rate: fewer than one positive and
 * one negative flow (a total loss, −1,000,000 and nothing back, has none: −100% is a limit, not a
 * root), or no sign change on the ladder: a rate above 10^9 (a gain annualised over days), or one
 * within 10^-12 of −100% (a heavy loss annualised over weeks), where floating point no longer tells
 * rates apart. Flows that change sign more than once may have several rates; this returns one of
 * them (the one Newton finds from 10%, else the lowest bracketed).
 * Days are exact (time of day counts), so flows dated at midnight Kampala give whole days.
 */
export interface CashFlow {
  /** UGX; negative paid out by the lender, positive received. */
  readonly amount: number;
  readonly at: Date;
}

const MS_PER_YEAR = 365 * 86_400_000;
const TOLERANCE = 1e-12;
const NEWTON_START = 0.1;
const NEWTON_STEPS = 100;
const BISECTION_STEPS = 300;
/**
 * The rates floating point can still tell apart: above 10^9 (a gain annualised over minutes or days)
 * or within 10^-12 of −100%, a root is an artefact of the arithmetic, not a return to show.
 */
const HIGHEST_RATE = 1e9;
const LOWEST_RATE = -1 + 1e-12;
/** Rates to bracket a root: −100% (exclusive) up to 10^9, denser where returns usually are. */
const LADDER = [
  LOWEST_RATE,
  -1 + 1e-9,
  -1 + 1e-6,
  -0.999,
  -0.99,
  -0.9,
  -0.5,
  -0.2,
  0,
  0.2,
  0.5,
  1,
  3,
  10,
  100,
  1e4,
  1e6,
  HIGHEST_RATE,
];

interface YearFlow {
  readonly amount: number;
  readonly years: number;
}

export function xirr(flows: readonly CashFlow[]): number | null {
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount)) throw new RangeError(`Not an amount: ${flow.amount}`);
    if (Number.isNaN(flow.at.getTime())) throw new RangeError('Not a date');
  }
  const nonZero = flows.filter((flow) => flow.amount !== 0);
  if (!nonZero.some((f) => f.amount > 0) || !nonZero.some((f) => f.amount < 0)) return null;
  const start = Math.min(...nonZero.map((flow) => flow.at.getTime()));
  const yearFlows = nonZero.map((flow) => ({
    amount: flow.amount,
    years: (flow.at.getTime() - start) / MS_PER_YEAR,
  }));
  // All on one day: the present value is the same at every rate, so no rate is the answer.
  if (yearFlows.every((flow) => flow.years === 0)) return null;
  const rate = newton(yearFlows) ?? bisection(yearFlows);
  // Newton is not bounded by the ladder: from 10% it can settle on 10^133 for a gain made in minutes.
  return rate !== null && rate >= LOWEST_RATE && rate <= HIGHEST_RATE ? rate : null;
}

/** Present value of the flows at rate r (r > −1). */
function presentValue(flows: readonly YearFlow[], rate: number): number {
  return flows.reduce((sum, flow) => sum + flow.amount * (1 + rate) ** -flow.years, 0);
}

/**
 * Present value and its slope at rate r in one pass, one power per flow: d/dr of
 * amount × (1 + r)^−years is −years × amount × (1 + r)^−years / (1 + r). Newton needs both at every
 * step; computed apart they took two powers a flow (0.38 ms a portfolio of 450 days).
 */
function valueAndSlope(flows: readonly YearFlow[], rate: number): { value: number; slope: number } {
  let value = 0;
  let slope = 0;
  for (const flow of flows) {
    const discounted = flow.amount * (1 + rate) ** -flow.years;
    value += discounted;
    slope -= flow.years * discounted;
  }
  return { value, slope: slope / (1 + rate) };
}

function newton(flows: readonly YearFlow[]): number | null {
  let rate = NEWTON_START;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const { value, slope: derivative } = valueAndSlope(flows, rate);
    if (!Number.isFinite(value) || !Number.isFinite(derivative) || derivative === 0) return null;
    const next = rate - value / derivative;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) <= TOLERANCE * Math.max(1, Math.abs(next))) {
      return isRoot(flows, next) ? next : null;
    }
    rate = next;
  }
  return null;
}

/** Present value within a millionth of a shilling per shilling moved: settled on a root, not stuck. */
function isRoot(flows: readonly YearFlow[], rate: number): boolean {
  const moved = flows.reduce((sum, flow) => sum + Math.abs(flow.amount), 0);
  return Math.abs(presentValue(flows, rate)) <= 1e-6 * moved;
}

function bisection(flows: readonly YearFlow[]): number | null {
  const bracket = firstSignChange(flows);
  if (!bracket) return null;
  let [low, high] = bracket;
  let lowValue = presentValue(flows, low);
  for (let step = 0; step < BISECTION_STEPS; step++) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    const value = presentValue(flows, middle);
    if (value === 0) return middle;
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = middle;
      lowValue = value;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

function firstSignChange(flows: readonly YearFlow[]): [number, number] | null {
  let previous: { rate: number; value: number } | null = null;
  for (const rate of LADDER) {
    const value = presentValue(flows, rate);
    if (!Number.isFinite(value)) continue;
    if (value === 0) return [rate, rate];
    if (previous && Math.sign(previous.value) !== Math.sign(value)) return [previous.rate, rate];
    previous = { rate, value };
  }
  return null;
}
