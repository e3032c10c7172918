import { routes } from '@sente/contract/routes';
import { appApi } from '../../session/app-api.ts';

/** GET /api/auth/me/data/ saved as a JSON file (Data Protection and Privacy Act, 2019: access). */
export async function downloadMyData(): Promise<void> {
  const data = await appApi(routes.myData);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `sente-my-data-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
