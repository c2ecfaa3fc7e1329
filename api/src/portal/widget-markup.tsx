/** @jsxImportSource preact */
import { renderToString } from 'preact-render-to-string';
import { StatusLabel } from '../../../widget/src/StatusBadge.tsx';
import type { TIdeaView } from '../services/idea/find-idea-views.ts';
import { SafeHtml } from './html.ts';

/**
 * The widget's own presentational components rendered on the server, so that the portal's pages
 * and the widget draw the same markup (Preact escapes the text it is given).
 */
export function statusLabelHtml(status: TIdeaView['status'], label: string): SafeHtml {
  return new SafeHtml(renderToString(<StatusLabel status={status} label={label} />));
}
