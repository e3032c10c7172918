-- A loan's installments fall due weekly from a week after it opens, so its oldest unpaid due date is
-- always after its opening day (Kampala). The loans worklist relies on it: the 90+ bucket, newest
-- first, reads its most recent due days and stops there when the page's loans opened after those
-- days began, since a loan due earlier opened earlier still (loan-list.repo.ts, listPageByDueDay;
-- docs/scale.md, "Arrears by due day"). Until now nothing but the code that writes loans said so.
ALTER TABLE "loans" ADD CONSTRAINT "loans_due_after_opening" CHECK ("loans"."oldest_unpaid_due_date" > ("loans"."opening_date" at time zone 'Africa/Kampala')::date);
