import { useIntl } from 'react-intl';
import { Icon } from '../../../ui/Icon.tsx';
import { webhookMessages } from './messages.ts';

/** A signing secret, shown once after creation or rotation. */
export function SecretNotice({ secret }: { secret: string }) {
  const intl = useIntl();
  return (
    <div className="alert alert--info" role="status">
      <Icon name="lock" />
      <div className="alert__text">
        <p>
          <strong>{intl.formatMessage(webhookMessages.secretTitle)}</strong>
        </p>
        <p>{intl.formatMessage(webhookMessages.secretText)}</p>
        <code className="webhook-secret" data-testid="webhook-secret">
          {secret}
        </code>
      </div>
    </div>
  );
}
