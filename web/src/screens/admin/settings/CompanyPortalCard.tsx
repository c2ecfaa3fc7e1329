import { Suspense, lazy } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CompanyPortalCard_viewer$key } from '../../../../__generated__/CompanyPortalCard_viewer.graphql.ts';
import { hexDigitsOf } from '../../../forms/ColourField.tsx';
import { Field } from '../../../forms/Field.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { toastSaved } from '../../../toast/save-toasts.ts';
import { useAction } from '../../../ui/useAction.ts';
import { companyPortalMessages as messages } from './company-portal-messages.ts';
import { SaveBar } from '../board/settings/SaveBar.tsx';
import { useUpdateCompanyPortalMutation } from './useUpdateCompanyPortalMutation.ts';

// Only a company with its own domain sees the DNS proof: the settings page loads without it.
const CustomDomainProof = lazy(() =>
  import('./CustomDomainProof.tsx').then((module) => ({ default: module.CustomDomainProof })),
);

const HOST_NAME =
  /^(?=.{1,253}$)((?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?!\d+$)(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The server's words for a refused domain, shown in the console's language. */
const DOMAIN_MESSAGES: Record<string, typeof messages.domainTaken> = {
  'Another company uses this domain already.': messages.domainTaken,
  'It has to be a host name such as feedback.example.com.': messages.domainInvalid,
};

/**
 * Owners and admins: the portal's logo, the link back to the company's site, the company's own
 * terms of use (https, for the widget's and portal's sign-up), its own domain.
 */
export function CompanyPortalCard({ viewer }: { viewer: CompanyPortalCard_viewer$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CompanyPortalCard_viewer on Viewer {
        user {
          role
        }
        company {
          logoUrl
          brandColor
          websiteUrl
          termsUrl
          customDomain
          ...CustomDomainProof_company
        }
      }
    `,
    viewer,
  );
  const saved = {
    logoUrl: data.company.logoUrl ?? '',
    brandColor: data.company.brandColor ?? '',
    websiteUrl: data.company.websiteUrl ?? '',
    termsUrl: data.company.termsUrl ?? '',
    customDomain: data.company.customDomain ?? '',
  };
  const form = useForm(
    {
      logoUrl: { httpUrl: true, max: 2000 },
      brandColor: {},
      websiteUrl: { httpUrl: true, max: 2000 },
      termsUrl: { httpUrl: true, max: 2000 },
      customDomain: { max: 253 },
    },
    saved,
  );
  const [save, isSaving] = useUpdateCompanyPortalMutation();
  const isChanged = (Object.keys(saved) as (keyof typeof saved)[]).some(
    (field) => form.values[field].trim() !== saved[field],
  );

  const saving = useAction(async (values: typeof saved) => {
    const { updateCompanyPortal: result } = await save(values);
    if (result.__typename === 'MutationUpdateCompanyPortalSuccess') {
      form.setValues({
        logoUrl: result.data.logoUrl ?? '',
        brandColor: result.data.brandColor ?? '',
        websiteUrl: result.data.websiteUrl ?? '',
        termsUrl: result.data.termsUrl ?? '',
        customDomain: result.data.customDomain ?? '',
      });
      toastSaved();
      return null;
    }
    if (result.__typename === 'AppError' && form.setServerErrors(result.fields)) {
      for (const { field, message } of result.fields) {
        const descriptor = DOMAIN_MESSAGES[message];
        if (field === 'customDomain' && descriptor) form.setFieldError(field, { descriptor });
        if (field === 'termsUrl') {
          form.setFieldError(field, { descriptor: messages.termsUrlInvalid });
        }
      }
      return null;
    }
    return { descriptor: commonMessages.genericError };
  });
  const handleSave = form.handleSubmit((values) => {
    const customDomain = values.customDomain.trim().toLowerCase().replace(/\.$/, '');
    if (customDomain && !HOST_NAME.test(customDomain)) {
      form.setFieldError('customDomain', { descriptor: messages.domainInvalid });
      return;
    }
    const termsUrl = values.termsUrl.trim();
    if (termsUrl && !termsUrl.startsWith('https://')) {
      form.setFieldError('termsUrl', { descriptor: messages.termsUrlInvalid });
      document.getElementsByName('termsUrl')[0]?.focus();
      return;
    }
    void saving.run({
      logoUrl: values.logoUrl.trim(),
      brandColor: values.brandColor,
      websiteUrl: values.websiteUrl.trim(),
      termsUrl,
      customDomain,
    });
  });
  if (data.user.role !== 'OWNER' && data.user.role !== 'ADMIN') return null;

  return (
    <section className="card settings-card" aria-labelledby="company-portal-title">
      <h2 id="company-portal-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h2>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('logoUrl')}
          type="url"
          label={intl.formatMessage(messages.logoUrl)}
          hint={intl.formatMessage(messages.logoUrlHint)}
        />
        <Field
          label={intl.formatMessage(messages.brandColor)}
          hint={intl.formatMessage(
            form.values.brandColor ? messages.brandColorHint : messages.brandColorNone,
          )}
          error={form.errors.brandColor}
        >
          {(control) => (
            <div className="colour-row">
              <input
                {...control}
                type="color"
                className="colour-picker"
                value={`#${hexDigitsOf(form.values.brandColor)}`}
                onChange={(event) =>
                  form.setValues({ ...form.values, brandColor: event.target.value.slice(1) })
                }
              />
              {form.values.brandColor ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => form.setValues({ ...form.values, brandColor: '' })}
                >
                  {intl.formatMessage(messages.brandColorClear)}
                </button>
              ) : null}
            </div>
          )}
        </Field>
        <TextField
          {...form.bind('websiteUrl')}
          type="url"
          label={intl.formatMessage(messages.websiteUrl)}
          hint={intl.formatMessage(messages.websiteUrlHint)}
        />
        <TextField
          {...form.bind('termsUrl')}
          type="url"
          label={intl.formatMessage(messages.termsUrl)}
          hint={intl.formatMessage(messages.termsUrlHint)}
        />
        <TextField
          {...form.bind('customDomain')}
          label={intl.formatMessage(messages.customDomain)}
          hint={intl.formatMessage(messages.customDomainHint)}
        />
        <SaveBar
          isChanged={isChanged}
          isSaving={isSaving || saving.isPending}
          failure={saving.failure}
          onCancel={() => {
            form.reset();
            saving.clearFailure();
          }}
        />
      </form>
      {data.company.customDomain ? (
        <Suspense fallback={null}>
          <CustomDomainProof company={data.company} />
        </Suspense>
      ) : null}
    </section>
  );
}
