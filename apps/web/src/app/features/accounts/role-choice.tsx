import { Link } from 'react-router';
import { buttonClassName } from '../../../ui/button.tsx';

export type AccountRole = 'borrower' | 'lender';

const choices: readonly { role: AccountRole; title: string; text: string }[] = [
  {
    role: 'borrower',
    title: 'I want funding for my business',
    text: 'Apply for a loan, compare offers from lenders and repay by mobile money.',
  },
  {
    role: 'lender',
    title: 'I want to lend',
    text: 'Fund Ugandan small businesses and earn interest. Your capital is at risk.',
  },
];

/** The first step of sign-up; each choice is a link, so the role sits in the URL (?role=) and Back returns here. */
export function RoleChoice() {
  return (
    <ul className="flex flex-col gap-3">
      {choices.map((choice) => (
        <li key={choice.role}>
          <Link
            to={`?role=${choice.role}`}
            className={`${buttonClassName('secondary')} h-auto w-full flex-col items-start px-4 py-3 text-left`}
          >
            <span className="text-base">{choice.title}</span>
            <span className="text-sm font-normal text-slate-700 dark:text-slate-300">{choice.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
