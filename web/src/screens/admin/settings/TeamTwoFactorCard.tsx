import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TeamTwoFactorCard_viewer$key } from '../../../../__generated__/TeamTwoFactorCard_viewer.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { useSetRequireTwoFactorMutation } from '../../../two-factor/useSetRequireTwoFactorMutation.ts';
import { ActionError } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { securityMessages } from './two-factor-messages.ts';

/** The owner's switch: two-factor sign-in required of everyone on the company's team (owners, admins, members). */
export function TeamTwoFactorCard({ viewer }: { viewer: TeamTwoFactorCard_viewer$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TeamTwoFactorCard_viewer on Viewer {
        user {
          role
        }
        twoFactor {
          enabled
        }
        company {
          requireTwoFactor
        }
      }
    `,
    viewer,
  );
  const [setRequired] = useSetRequireTwoFactorMutation();
  // The box shows the choice at once while it is saved; a refusal puts back the server's state.
  const [choice, setChoice] = useState<boolean | null>(null);
  const save = useAction(async (required: boolean) => {
    const { setRequireTwoFactor: result } = await setRequired({ required });
    if (result.__typename === 'MutationSetRequireTwoFactorSuccess') {
      showToast({ type: 'success', title: securityMessages.teamSaved });
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  if (data.user.role !== 'OWNER') return null;
  // Requiring it of others before having it oneself is refused by the server.
  const mayRequire = data.twoFactor.enabled || data.company.requireTwoFactor;

  return (
    <section className="card settings-card" aria-labelledby="team-2fa-card-title">
      <h2 id="team-2fa-card-title" className="card__title">
        {intl.formatMessage(securityMessages.teamTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(securityMessages.teamText)}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={choice ?? data.company.requireTwoFactor}
          disabled={!mayRequire}
          aria-busy={save.isPending || undefined}
          aria-describedby={mayRequire ? undefined : 'team-2fa-own-first'}
          onChange={(event) => {
            if (save.isPending) return;
            const required = event.currentTarget.checked;
            setChoice(required);
            void save.run(required).finally(() => setChoice(null));
          }}
        />
        <span>{intl.formatMessage(securityMessages.teamToggle)}</span>
      </label>
      {mayRequire ? null : (
        <p id="team-2fa-own-first" className="field__hint">
          {intl.formatMessage(securityMessages.teamOwnFirst)}
        </p>
      )}
      <ActionError failure={save.failure} />
    </section>
  );
}
