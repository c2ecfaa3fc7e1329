import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';

/** Sets the document title: "<page> · Feedboard", or the app's name alone. */
export function usePageTitle(title: MessageDescriptor | string | null): void {
  const intl = useIntl();
  const appName = intl.formatMessage(commonMessages.appName);
  const text =
    title === null ? null : typeof title === 'string' ? title : intl.formatMessage(title);
  useEffect(() => {
    document.title = text ? `${text} · ${appName}` : appName;
  }, [text, appName]);
}
