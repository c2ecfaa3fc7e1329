import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { DevicesCard_viewer$key } from '../../../../__generated__/DevicesCard_viewer.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { useSignOutOtherSessionsMutation } from '../../../two-factor/useSignOutOtherSessionsMutation.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { deviceName } from './device-name.ts';
import { settingsScreenQuery } from './SettingsScreen.tsx';
import { securityMessages } from './two-factor-messages.ts';

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** Where the account is signed in (this device first), and "sign out everywhere else". */
export function DevicesCard({ viewer }: { viewer: DevicesCard_viewer$key }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const data = useFragment(
    graphql`
      fragment DevicesCard_viewer on Viewer {
        signedInDevices {
          # The session number: an Int, which Relay must not take for a record id.
          sessionNumber: id
          current
          createdAt
          lastUsedAt
          userAgent
          ipAddress
        }
      }
    `,
    viewer,
  );
  const [signOutOthers] = useSignOutOtherSessionsMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [signedOut, setSignedOut] = useState<number | null>(null);
  const others = data.signedInDevices.filter((device) => !device.current).length;
  const signOut = useAction(async () => {
    const { signOutOtherSessions: result } = await signOutOthers({});
    if (result.__typename !== 'MutationSignOutOtherSessionsSuccess') {
      return result.__typename === 'AppError'
        ? { text: result.message, code: result.code }
        : { descriptor: commonMessages.genericError };
    }
    setSignedOut(result.data.signedOut);
    setIsConfirming(false);
    await fetchQuery(environment, settingsScreenQuery, {}, { fetchPolicy: 'network-only' })
      .toPromise()
      .catch((error: unknown) => console.warn('settings refresh failed', error));
    return null;
  });
  const formatDate = (value: unknown) => intl.formatDate(String(value), DATE_TIME);
  const close = () => {
    setIsConfirming(false);
    signOut.clearFailure();
  };

  return (
    <section className="card settings-card" aria-labelledby="devices-card-title">
      <h2 id="devices-card-title" className="card__title">
        {intl.formatMessage(securityMessages.devicesTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(securityMessages.devicesIntro)}</p>
      <ul className="device-list" data-testid="devices">
        {data.signedInDevices.map((device) => {
          const name = deviceName(device.userAgent ?? null);
          return (
            <li key={device.sessionNumber} className="device-list__item">
              <p className="device-list__name">
                {name
                  ? intl.formatMessage(securityMessages.deviceOn, name)
                  : intl.formatMessage(securityMessages.unknownDevice)}
                {device.current ? (
                  <span className="badge badge--public">
                    {intl.formatMessage(securityMessages.thisDevice)}
                  </span>
                ) : null}
              </p>
              <p className="device-list__meta muted">
                {intl.formatList(
                  [
                    intl.formatMessage(securityMessages.signedIn, {
                      date: formatDate(device.createdAt),
                    }),
                    device.lastUsedAt
                      ? intl.formatMessage(securityMessages.lastUsed, {
                          date: formatDate(device.lastUsedAt),
                        })
                      : null,
                    device.ipAddress
                      ? intl.formatMessage(securityMessages.from, { address: device.ipAddress })
                      : null,
                  ].filter((part): part is string => part !== null),
                  { type: 'unit', style: 'long' },
                )}
              </p>
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite">
        {signedOut !== null ? (
          <p className="field__hint">
            {intl.formatMessage(securityMessages.signedOut, { count: signedOut })}
          </p>
        ) : null}
      </div>
      <div className="card__actions">
        {others > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setIsConfirming(true)}
          >
            {intl.formatMessage(securityMessages.signOutOthers)}
          </button>
        ) : (
          <p className="muted">{intl.formatMessage(securityMessages.onlyThis)}</p>
        )}
      </div>
      <Modal
        isOpen={isConfirming}
        onClose={close}
        isLocked={signOut.isPending}
        title={intl.formatMessage(securityMessages.signOutOthersTitle)}
        description={intl.formatMessage(securityMessages.signOutOthersText)}
      >
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={close}
            disabled={signOut.isPending}
            autoFocus
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            className="button button--danger"
            isPending={signOut.isPending}
            pendingLabel={intl.formatMessage(securityMessages.signingOut)}
            onClick={() => void signOut.run()}
          >
            {intl.formatMessage(securityMessages.signOutOthers)}
          </PendingButton>
        </div>
        <ActionError failure={signOut.failure} />
      </Modal>
    </section>
  );
}
