import {
  formatKampalaDate,
  formatKampalaDateTime,
  formatSignedUgx,
  formatUgx,
  kampalaDate,
  type StatementLine,
} from '@sente/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { loadFailureMessage } from '../../session/failure.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { checkStatementRange, monthSoFar, type StatementRange } from './statement-range.ts';
import { useDownloadStatement, useStatement } from './use-statement.ts';

type Line = z.infer<typeof StatementLine>;

const KIND_NAMES: Readonly<Record<Line['kind'], string>> = {
  LENT: 'Lent',
  RETURNED: 'Given back',
  REPAYMENT: 'Repayment',
};

/** What the lender lent and got back between two days, on screen and as a CSV file. */
export function StatementSection() {
  const today = kampalaDate(new Date());
  const [draft, setDraft] = useDraft<StatementRange>('statement', monthSoFar(today));
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [range, setRange] = useState<StatementRange | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkStatementRange(draft, today);
    if (!check.isValid) {
      setErrors({
        ...(check.errors.from ? { from: check.errors.from } : {}),
        ...(check.errors.to ? { to: check.errors.to } : {}),
      });
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    setRange(check.range);
  };

  return (
    <section aria-labelledby="statement-title" className="flex flex-col gap-3">
      <h2 id="statement-title" className="text-lg font-bold">
        Statement
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        What you lent and got back between two days, Kampala time. Deposits and withdrawals are in your
        wallet's history.
      </p>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First day"
            type="date"
            name="from"
            max={today}
            value={draft.from}
            onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
            error={errors.from}
          />
          <TextField
            label="Last day"
            type="date"
            name="to"
            max={today}
            value={draft.to}
            onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
            error={errors.to}
          />
        </div>
        <Button type="submit" className="self-start">
          Show statement
        </Button>
      </form>
      {range ? <Statement range={range} /> : null}
    </section>
  );
}

function Statement({ range }: { readonly range: StatementRange }) {
  const statement = useStatement(range);
  const download = useDownloadStatement();
  const heading = useRef<HTMLHeadingElement>(null);
  const isShown = statement.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus goes to each new statement once shown.
  useEffect(() => {
    if (isShown) heading.current?.focus();
  }, [isShown, range]);

  return (
    <QueryState query={statement} label="your statement">
      {(data) => (
        <div className="flex flex-col gap-3">
          <h3 ref={heading} tabIndex={-1} className="font-bold">
            {formatKampalaDate(range.from)} to {formatKampalaDate(range.to)}
          </h3>
          <p>
            Lent: {formatUgx(data.total_lent)}. Received: {formatUgx(data.total_received)}.
          </p>
          {data.lines.length === 0 ? (
            <p>Nothing was lent or received in these days.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {data.lines.map((line) => (
                <li key={`${line.at}|${line.kind}|${line.description}|${line.amount}`}>
                  <Card className="flex flex-col gap-1 p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold">{KIND_NAMES[line.kind]}</span>
                      <span className="font-bold tabular-nums">
                        {formatSignedUgx(line.amount, line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT')}
                      </span>
                    </div>
                    <p className="break-words">{line.description}</p>
                    <p className="text-slate-700 dark:text-slate-300">{formatKampalaDateTime(line.at)}</p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => download.mutate(range)}
            disabled={download.isPending}
          >
            {download.isPending ? 'Preparing the file...' : 'Download as CSV'}
          </Button>
          <div role="status">{download.data ? <p>Saved {download.data} to your downloads.</p> : null}</div>
          {download.error ? (
            <ErrorAlert>Could not download the statement. {loadFailureMessage(download.error)}</ErrorAlert>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
