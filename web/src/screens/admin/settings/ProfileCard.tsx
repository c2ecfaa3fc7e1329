import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ProfileCard_user$key } from '../../../../__generated__/ProfileCard_user.graphql.ts';
import {
  AVATAR_URL_MAX_LENGTH,
  DISPLAY_NAME_LIMITS,
} from '../../../../../api/src/contract/limits.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { toastSaved } from '../../../toast/save-toasts.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { settingsMessages } from './messages.ts';
import { useUpdateProfileMutation } from './useProfileMutations.ts';

/** The start of an address, the same in every language. */
const HTTPS_PLACEHOLDER = 'https://';

/** The name shown on ideas and comments and the picture beside it (an http(s) address). */
export function ProfileCard({ user }: { user: ProfileCard_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment ProfileCard_user on User {
        displayName
        avatarUrl
      }
    `,
    user,
  );
  const [save] = useUpdateProfileMutation();
  const form = useForm(
    {
      displayName: { required: true, ...DISPLAY_NAME_LIMITS },
      avatarUrl: { max: AVATAR_URL_MAX_LENGTH, httpUrl: true },
    },
    { displayName: data.displayName, avatarUrl: data.avatarUrl ?? '' },
  );
  const submit = useAction(async (values: { displayName: string; avatarUrl: string }) => {
    const result = (
      await save({ displayName: values.displayName, avatarUrl: values.avatarUrl || null })
    ).updateProfile;
    if (result.__typename === 'MutationUpdateProfileSuccess') {
      form.setValues({
        displayName: result.data.displayName,
        avatarUrl: result.data.avatarUrl ?? '',
      });
      toastSaved();
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      return { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });

  return (
    <section className="card settings-card" aria-labelledby="profile-card-title">
      <h2 id="profile-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.profileTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(settingsMessages.profileIntro)}</p>
      <div className="profile-preview">
        <Avatar
          name={form.values.displayName || data.displayName}
          photoUrl={form.errors.avatarUrl ? null : form.values.avatarUrl.trim() || null}
          size={48}
        />
      </div>
      <form
        className="form"
        onSubmit={form.handleSubmit((values) => void submit.run(values))}
        noValidate
      >
        <TextField
          {...form.bind('displayName')}
          label={intl.formatMessage(settingsMessages.displayName)}
          lengthRule={DISPLAY_NAME_LIMITS}
          autoComplete="name"
          isRequired
        />
        <TextField
          {...form.bind('avatarUrl')}
          type="url"
          label={intl.formatMessage(settingsMessages.avatarUrl)}
          hint={intl.formatMessage(settingsMessages.avatarHint)}
          autoComplete="photo"
          placeholder={HTTPS_PLACEHOLDER}
        />
        <ActionError failure={submit.failure} />
        <div className="card__actions">
          <PendingButton
            type="submit"
            isPending={submit.isPending}
            pendingLabel={intl.formatMessage(settingsMessages.savingProfile)}
          >
            {intl.formatMessage(settingsMessages.saveProfile)}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
