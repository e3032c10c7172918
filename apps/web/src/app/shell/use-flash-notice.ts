import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

function noticeOf(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return null;
}

/**
 * A one-time message handed over by the screen before ("Your phone is confirmed."): shown on this
 * visit, then taken out of the history entry so a reload or Back does not show it again.
 */
export function useFlashNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => noticeOf(location.state));
  useEffect(() => {
    if (noticeOf(location.state) !== null) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);
  return notice;
}
