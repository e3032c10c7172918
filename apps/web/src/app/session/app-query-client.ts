import { createQueryClient } from '../../lib/query-client.ts';

/** The app's own cache: nothing a borrower or lender loaded is ever shown in the back-office, or back. */
export const appQueryClient = createQueryClient();

// Offline, TanStack Query's default pauses requests and waits for the network without a word. The
// app tries at once instead and says in plain words that the phone is offline (docs/app.md, Offline).
const defaults = appQueryClient.getDefaultOptions();
appQueryClient.setDefaultOptions({
  queries: { ...defaults.queries, networkMode: 'always' },
  mutations: { ...defaults.mutations, networkMode: 'always' },
});
