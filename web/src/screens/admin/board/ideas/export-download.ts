import { rowIdOf } from '../../../../relay/row-id.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import type { TExport } from './ExportButtons.tsx';

/**
 * Fetches the board's ideas or voters CSV and hands it to the browser as a download. The REST
 * route needs the bearer token, which a plain link cannot send.
 */
export async function downloadExport(boardId: string, what: TExport): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(
    `/api/v1/boards/${encodeURIComponent(rowIdOf(boardId))}/export/${what}.csv`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${what}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
