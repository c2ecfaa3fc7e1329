import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CompanyNameCard_company$key } from '../../../../__generated__/CompanyNameCard_company.graphql.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { toastSaved } from '../../../toast/save-toasts.ts';
import { useAction } from '../../../ui/useAction.ts';
import { SaveBar } from '../board/settings/SaveBar.tsx';
import { companySettingsMessages as messages } from './company-settings-messages.ts';
import { useUpdateCompanyNameMutation } from './useUpdateCompanyNameMutation.ts';

/** The sign-up rule for a company name (spec section 5), which the server keeps too. */
const NAME_MIN = 6;
const NAME_MAX = 50;

/** Owners and admins: the company's name (the slug, and so public addresses, stay). */
export function CompanyNameCard({ company }: { company: CompanyNameCard_company$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CompanyNameCard_company on Company {
        name
      }
    `,
    company,
  );
  const saved = { name: data.name };
  const form = useForm({ name: { required: true, min: NAME_MIN, max: NAME_MAX } }, saved);
  const [save] = useUpdateCompanyNameMutation();
  const isChanged = form.values.name.trim() !== saved.name;

  const saving = useAction(async (name: string) => {
    const { updateCompanyName: result } = await save({ name });
    if (result.__typename === 'MutationUpdateCompanyNameSuccess') {
      form.setValues({ name: result.data.name });
      toastSaved();
      return null;
    }
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });
  const handleSave = form.handleSubmit(({ name }) => void saving.run(name));

  return (
    <section className="card settings-card" aria-labelledby="company-name-title">
      <h2 id="company-name-title" className="card__title">
        {intl.formatMessage(messages.nameTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(messages.nameIntro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('name')}
          label={intl.formatMessage(messages.name)}
          hint={intl.formatMessage(messages.nameHint, { min: NAME_MIN, max: NAME_MAX })}
          isRequired
        />
        <SaveBar
          isChanged={isChanged}
          isSaving={saving.isPending}
          failure={saving.failure}
          onCancel={() => {
            form.setValues(saved);
            saving.clearFailure();
          }}
        />
      </form>
    </section>
  );
}
