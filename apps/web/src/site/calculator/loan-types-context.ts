import { createContext, useContext } from 'react';
import type { CalculatorLoanType } from './calculate-loan.ts';

/** The loan types the calculator prices with, provided once per page by `SiteApp`. */
export const LoanTypesContext = createContext<readonly CalculatorLoanType[]>([]);

export function useLoanTypes(): readonly CalculatorLoanType[] {
  return useContext(LoanTypesContext);
}
