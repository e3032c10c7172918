import { routes } from '@sente/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';
import { downloadStatement } from './download-statement.ts';
import type { StatementRange } from './statement-range.ts';

/** What was lent and got back in the range; nothing is asked before a range is chosen. */
export function useStatement(range: StatementRange | null) {
  return useQuery({
    queryKey: queryKeyOf('lenderStatement', range),
    queryFn: ({ signal }) => appApi(routes.lenderStatement, { query: range ?? {}, signal }),
    enabled: range !== null,
  });
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: (range: StatementRange) => downloadStatement(range) });
}
