import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { VisibilityCard_board$key } from '../../../../../__generated__/VisibilityCard_board.graphql.ts';
import type { VisibilityCard_company$key } from '../../../../../__generated__/VisibilityCard_company.graphql.ts';
import type { VisibilityCard_query$key } from '../../../../../__generated__/VisibilityCard_query.graphql.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { fromServerMessage } from '../../../../forms/validation.ts';
import type { TFieldMessage } from '../../../../forms/validation.ts';
import { boardSettingsMessages as messages } from './messages.ts';
import { SaveBar } from './SaveBar.tsx';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { useUpdateBoardAccessMutation } from './useUpdateBoardAccessMutation.ts';

/** The domains typed into the field: split at commas, semicolons and white space. */
export function parseDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Who can see this board: public, or private with its grants (the company's SSO users,
 * confirmed addresses at some domains, members of some customer companies). The team always
 * sees every board; a public board shows its address.
 */
export function VisibilityCard({
  board,
  company,
  query,
}: {
  board: VisibilityCard_board$key;
  company: VisibilityCard_company$key | null;
  query: VisibilityCard_query$key;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment VisibilityCard_board on Board {
        id
        slug
        isPublic
        ssoAccess
        allowedEmailDomains
        allowedCustomerCompanies {
          id
        }
      }
    `,
    board,
  );
  const companyData = useFragment(
    graphql`
      fragment VisibilityCard_company on Company {
        slug
      }
    `,
    company,
  );
  const { customerCompanies } = useFragment(
    graphql`
      fragment VisibilityCard_query on Query {
        customerCompanies {
          id
          name
        }
      }
    `,
    query,
  );
  const savedDomains = data.allowedEmailDomains ?? [];
  const savedCompanyIds = (data.allowedCustomerCompanies ?? []).map((c) => c.id);
  const savedSso = data.ssoAccess ?? false;
  const form = useForm(
    { allowedEmailDomains: {} },
    { allowedEmailDomains: savedDomains.join('\n') },
  );
  const [isPublic, setIsPublic] = useState(data.isPublic);
  const [ssoAccess, setSsoAccess] = useState(savedSso);
  const [companyIds, setCompanyIds] = useState<string[]>(savedCompanyIds);
  const [save] = useUpdateBoardAccessMutation();
  const address = companyData
    ? `${window.location.origin}/public/${companyData.slug}/${data.slug}`
    : null;
  const domains = parseDomains(form.values.allowedEmailDomains);
  const isChanged =
    isPublic !== data.isPublic ||
    (!isPublic &&
      (ssoAccess !== savedSso ||
        !sameSet(
          domains.map((d) => d.toLowerCase()),
          savedDomains,
        ) ||
        !sameSet(companyIds, savedCompanyIds)));

  const saveAccess = useAction(async () => {
    const sent = parseDomains(form.values.allowedEmailDomains);
    const { updateBoard: result } = await save({
      boardId: data.id,
      isPublic,
      // A public board keeps its grants as they are: they count again once it is private.
      ...(isPublic
        ? {}
        : { ssoAccess, allowedEmailDomains: sent, allowedCustomerCompanyIds: companyIds }),
    });
    if (result.__typename !== 'MutationUpdateBoardSuccess') {
      if (result.__typename !== 'AppError') return { descriptor: commonMessages.genericError };
      // `allowedEmailDomains.2`: the third domain; shown under the field, naming the domain.
      const domainError = result.fields.find((f) => f.field.startsWith('allowedEmailDomains'));
      if (domainError) {
        const index = Number(domainError.field.split('.')[1]);
        const message = fromServerMessage(domainError.message);
        const domain = Number.isInteger(index) ? sent[index] : undefined;
        const shown: TFieldMessage =
          domain !== undefined && 'text' in message
            ? { text: `${domain}: ${message.text}` }
            : message;
        form.setFieldError('allowedEmailDomains', shown);
        return null;
      }
      return { text: result.message, code: result.code };
    }
    const saved = result.data;
    form.reset();
    form.setValues({ allowedEmailDomains: (saved.allowedEmailDomains ?? []).join('\n') });
    toastSaved();
    return null;
  });
  // Through the form, so that a field error clears as soon as the field is edited.
  const handleSave = form.handleSubmit(() => void saveAccess.run());
  const handleCancel = () => {
    setIsPublic(data.isPublic);
    setSsoAccess(savedSso);
    setCompanyIds(savedCompanyIds);
    form.reset();
    form.setValues({ allowedEmailDomains: savedDomains.join('\n') });
    saveAccess.clearFailure();
  };

  const option = (value: boolean, label: string, hint: string) => (
    <label className="radio">
      <input
        type="radio"
        name="visibility"
        checked={isPublic === value}
        onChange={() => setIsPublic(value)}
      />
      <span>
        <span className="radio__label">{label}</span>
        <span className="field__hint">{hint}</span>
      </span>
    </label>
  );
  const companies = customerCompanies ?? [];
  const hasGrant = ssoAccess || domains.length > 0 || companyIds.length > 0;
  const summary = isPublic
    ? messages.summaryPublic
    : hasGrant
      ? messages.summaryPrivateGranted
      : messages.summaryPrivateTeam;

  return (
    <section className="card settings-card" aria-labelledby="board-visibility-title">
      <h3 id="board-visibility-title" className="card__title">
        {intl.formatMessage(messages.visibilityTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.visibilityIntro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <fieldset className="radio-group">
          <legend className="visually-hidden">
            {intl.formatMessage(messages.visibilityTitle)}
          </legend>
          {option(
            false,
            intl.formatMessage(messages.private),
            intl.formatMessage(messages.privateHint),
          )}
          {option(
            true,
            intl.formatMessage(messages.public),
            intl.formatMessage(messages.publicHint),
          )}
        </fieldset>
        {isPublic && address ? (
          <p className="public-address">
            <span className="field__label">{intl.formatMessage(messages.publicAddress)}</span>
            <a className="link" href={address} target="_blank" rel="noreferrer">
              {address}
            </a>
          </p>
        ) : null}
        {isPublic ? null : (
          <fieldset className="fieldset--plain form">
            <legend className="field__label">{intl.formatMessage(messages.grantsTitle)}</legend>
            <CheckboxField
              name="ssoAccess"
              label={intl.formatMessage(messages.ssoGrant)}
              hint={intl.formatMessage(messages.ssoGrantHint)}
              isChecked={ssoAccess}
              onChange={setSsoAccess}
            />
            <TextArea
              {...form.bind('allowedEmailDomains')}
              label={intl.formatMessage(messages.domainsGrant)}
              hint={intl.formatMessage(messages.domainsGrantHint)}
              rows={3}
            />
            <fieldset className="checkbox-group">
              <legend className="field__label">
                {intl.formatMessage(messages.companiesGrant)}
              </legend>
              {companies.length === 0 ? (
                <p className="field__hint">{intl.formatMessage(messages.companiesGrantNone)}</p>
              ) : (
                companies.map((customer) => (
                  <CheckboxField
                    key={customer.id}
                    name="allowedCustomerCompanyIds"
                    label={customer.name}
                    isChecked={companyIds.includes(customer.id)}
                    onChange={(isChecked) =>
                      setCompanyIds((ids) =>
                        isChecked ? [...ids, customer.id] : ids.filter((id) => id !== customer.id),
                      )
                    }
                  />
                ))
              )}
            </fieldset>
          </fieldset>
        )}
        <p className="field__hint" aria-live="polite">
          {intl.formatMessage(summary)}
        </p>
        <SaveBar
          isChanged={isChanged}
          isSaving={saveAccess.isPending}
          failure={saveAccess.failure}
          onCancel={handleCancel}
        />
      </form>
    </section>
  );
}
