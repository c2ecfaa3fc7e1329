import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SsoRulesCard_company$key } from '../../../../../__generated__/SsoRulesCard_company.graphql.ts';
import { SSO_MAX_LIFETIME_MINUTES } from '../../../../../../api/src/contract/limits.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { SaveBar } from '../settings/SaveBar.tsx';
import { rulesMessages as messages } from './sso-messages.ts';
import { useUpdateSsoSettingsMutation } from './useUpdateSsoSettingsMutation.ts';

const { min, max } = SSO_MAX_LIFETIME_MINUTES;

/** The company's rules for SSO tokens: expiry required, and the longest lifetime accepted. */
export function SsoRulesCard({ company }: { company: SsoRulesCard_company$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment SsoRulesCard_company on Company {
        ssoRequireExpiry
        ssoMaxLifetimeMinutes
      }
    `,
    company,
  );
  const savedMinutes = String(data.ssoMaxLifetimeMinutes ?? SSO_MAX_LIFETIME_MINUTES.default);
  const savedRequireExpiry = data.ssoRequireExpiry ?? true;
  const form = useForm(
    { maxLifetimeMinutes: { required: true, wholeNumber: { min, max } } },
    { maxLifetimeMinutes: savedMinutes },
  );
  const [requireExpiry, setRequireExpiry] = useState(savedRequireExpiry);
  const [save, isSaving] = useUpdateSsoSettingsMutation();
  const isChanged =
    requireExpiry !== savedRequireExpiry || form.values.maxLifetimeMinutes.trim() !== savedMinutes;

  const handleCancel = () => {
    form.reset();
    setRequireExpiry(savedRequireExpiry);
    saving.clearFailure();
  };
  // One save at a time; a failure stays beside Save (the rules are not saved) until the next try.
  const saving = useAction(async (maxLifetimeMinutes: string) => {
    const { updateSsoSettings: result } = await save({
      requireExpiry,
      maxLifetimeMinutes: Number(maxLifetimeMinutes),
    });
    if (result.__typename === 'MutationUpdateSsoSettingsSuccess') {
      form.setValues({ maxLifetimeMinutes: String(result.data.ssoMaxLifetimeMinutes) });
      toastSaved();
      return null;
    }
    if (result.__typename === 'AppError' && form.setServerErrors(result.fields)) return null;
    return { descriptor: commonMessages.genericError };
  });
  const handleSave = form.handleSubmit(
    ({ maxLifetimeMinutes }) => void saving.run(maxLifetimeMinutes),
  );

  return (
    <section className="card step" aria-labelledby="sso-rules-title">
      <h3 id="sso-rules-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <CheckboxField
          name="requireExpiry"
          label={intl.formatMessage(messages.requireExpiry)}
          hint={intl.formatMessage(messages.requireExpiryHint)}
          isChecked={requireExpiry}
          onChange={setRequireExpiry}
        />
        <TextField
          {...form.bind('maxLifetimeMinutes')}
          type="number"
          label={intl.formatMessage(messages.maxLifetime)}
          hint={intl.formatMessage(messages.maxLifetimeHint)}
          isRequired
        />
        <SaveBar
          isChanged={isChanged}
          isSaving={isSaving || saving.isPending}
          failure={saving.failure}
          onCancel={handleCancel}
        />
      </form>
    </section>
  );
}
