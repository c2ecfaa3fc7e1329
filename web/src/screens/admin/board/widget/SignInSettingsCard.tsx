import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SignInSettingsCard_company$key } from '../../../../../__generated__/SignInSettingsCard_company.graphql.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { SaveBar } from '../settings/SaveBar.tsx';
import { signInMessages as messages } from './sso-messages.ts';
import { useUpdateSignInSettingsMutation } from './useUpdateSignInSettingsMutation.ts';

const POLICIES = ['ANYONE', 'EMAIL_DOMAINS', 'SSO_ONLY'] as const;
type TPolicy = (typeof POLICIES)[number];

const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

/**
 * Who may sign up through the company's widgets and portal (anyone, addresses of listed
 * domains, SSO only), and whether SSO tokens' addresses count as confirmed.
 */
export function SignInSettingsCard({
  company,
  headingLevel = 3,
}: {
  company: SignInSettingsCard_company$key;
  /** 3 under the widget tab's headings; 2 on the company settings page. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const intl = useIntl();
  const policyId = useId();
  const data = useFragment(
    graphql`
      fragment SignInSettingsCard_company on Company {
        ssoTrustEmails
        signupPolicy
        signupEmailDomains
      }
    `,
    company,
  );
  const savedTrust = data.ssoTrustEmails ?? false;
  const savedPolicy: TPolicy = (POLICIES as readonly string[]).includes(data.signupPolicy ?? '')
    ? (data.signupPolicy as TPolicy)
    : 'ANYONE';
  const savedDomains = (data.signupEmailDomains ?? []).join('\n');
  const form = useForm({ signupEmailDomains: {} }, { signupEmailDomains: savedDomains });
  const [trust, setTrust] = useState(savedTrust);
  const [policy, setPolicy] = useState<TPolicy>(savedPolicy);
  const [save, isSaving] = useUpdateSignInSettingsMutation();
  const isChanged =
    trust !== savedTrust ||
    policy !== savedPolicy ||
    domainsOf(form.values.signupEmailDomains).join('\n') !== savedDomains;

  const handleCancel = () => {
    form.reset();
    setTrust(savedTrust);
    setPolicy(savedPolicy);
    saving.clearFailure();
  };
  const saving = useAction(async (domains: string) => {
    const { updateSignInSettings: result } = await save({
      ssoTrustEmails: trust,
      signupPolicy: policy,
      signupEmailDomains: domainsOf(domains),
    });
    if (result.__typename === 'MutationUpdateSignInSettingsSuccess') {
      form.setValues({ signupEmailDomains: result.data.signupEmailDomains?.join('\n') ?? '' });
      toastSaved();
      return null;
    }
    if (result.__typename === 'AppError' && form.setServerErrors(result.fields)) return null;
    return { descriptor: commonMessages.genericError };
  });
  const handleSave = form.handleSubmit(
    ({ signupEmailDomains }) => void saving.run(signupEmailDomains),
  );
  const policyName = (value: TPolicy) =>
    intl.formatMessage(
      value === 'ANYONE'
        ? messages.policyAnyone
        : value === 'EMAIL_DOMAINS'
          ? messages.policyDomains
          : messages.policySsoOnly,
    );

  return (
    <section
      className={headingLevel === 2 ? 'card settings-card' : 'card step'}
      aria-labelledby="sign-in-settings-title"
    >
      <Heading id="sign-in-settings-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </Heading>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <div className="field field--select">
          <label className="field__label" htmlFor={policyId}>
            {intl.formatMessage(messages.policy)}
          </label>
          <select
            id={policyId}
            name="signupPolicy"
            className="field__input field__select"
            value={policy}
            onChange={(event) => setPolicy(event.target.value as TPolicy)}
          >
            {POLICIES.map((value) => (
              <option key={value} value={value}>
                {policyName(value)}
              </option>
            ))}
          </select>
        </div>
        {policy === 'EMAIL_DOMAINS' ? (
          <TextArea
            {...form.bind('signupEmailDomains')}
            label={intl.formatMessage(messages.domains)}
            hint={intl.formatMessage(messages.domainsHint)}
            rows={3}
          />
        ) : null}
        <CheckboxField
          name="ssoTrustEmails"
          label={intl.formatMessage(messages.trustEmails)}
          hint={intl.formatMessage(messages.trustEmailsHint)}
          isChecked={trust}
          onChange={setTrust}
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
