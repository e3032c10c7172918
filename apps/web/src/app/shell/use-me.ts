import { routes } from '@sente/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf } from '../../lib/query-key.ts';
import { appApi } from '../session/app-api.ts';
import { readAppSession, saveAppUser } from '../session/app-session.ts';

/** GET /api/auth/me/: the server's word on the user; the stored copy follows it (phone_verified). */
export function useMe(enabled: boolean) {
  const me = useQuery({
    queryKey: queryKeyOf('me'),
    queryFn: ({ signal }) => appApi(routes.me, { signal }),
    enabled,
  });
  useEffect(() => {
    const stored = readAppSession()?.user;
    if (me.data && me.data.role !== 'admin' && JSON.stringify(stored) !== JSON.stringify(me.data)) {
      saveAppUser(me.data);
    }
  }, [me.data]);
  return me;
}
