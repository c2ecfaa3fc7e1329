import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { EMPTY_SEGMENT, isSegmentSet } from './list-params.ts';
import type { TSegmentParams } from './list-params.ts';

const messages = defineMessages({
  intro: {
    id: 'segment.intro',
    defaultMessage: 'Show only ideas with a voter from customers matching every field you fill in.',
  },
  plan: { id: 'segment.plan', defaultMessage: 'Customer plan' },
  attribute: { id: 'segment.attribute', defaultMessage: 'Attribute (key=value)' },
  attributePlaceholder: { id: 'segment.attribute.placeholder', defaultMessage: 'region=EU' },
  minSpend: { id: 'segment.minSpend', defaultMessage: 'Monthly spend from' },
  maxSpend: { id: 'segment.maxSpend', defaultMessage: 'Monthly spend up to' },
  customer: { id: 'segment.customer', defaultMessage: 'Customer company' },
  anyCustomer: { id: 'segment.customer.any', defaultMessage: 'Any customer' },
  apply: { id: 'segment.apply', defaultMessage: 'Apply segment' },
  clear: { id: 'segment.clear', defaultMessage: 'Clear segment' },
});

/**
 * The segment's fields, inside SegmentFilter's disclosure: a chunk of their own, loaded when the
 * disclosure first opens (the list shows without them). The draft stays with SegmentFilter, so
 * that closing the disclosure keeps what was typed.
 */
export function SegmentForm({
  id,
  customerCompanies,
  segment,
  draft,
  onDraftChange,
  onChange,
}: {
  id: string;
  customerCompanies: readonly { id: string; name: string }[];
  segment: TSegmentParams;
  draft: TSegmentParams;
  onDraftChange: (update: (current: TSegmentParams) => TSegmentParams) => void;
  onChange: (segment: TSegmentParams) => void;
}) {
  const intl = useIntl();
  const isActive = isSegmentSet(segment);
  const field = (key: keyof TSegmentParams) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      onDraftChange((current) => ({ ...current, [key]: event.target.value })),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <form className="segment-filter__form" onSubmit={handleSubmit}>
      <p className="muted segment-filter__intro">{intl.formatMessage(messages.intro)}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-plan`}>
          {intl.formatMessage(messages.plan)}
        </label>
        <input className="field__input" maxLength={50} {...field('plan')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-attribute`}>
          {intl.formatMessage(messages.attribute)}
        </label>
        <input
          className="field__input"
          maxLength={300}
          placeholder={intl.formatMessage(messages.attributePlaceholder)}
          {...field('attribute')}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-minSpend`}>
          {intl.formatMessage(messages.minSpend)}
        </label>
        <input className="field__input" type="number" min={0} step="any" {...field('minSpend')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-maxSpend`}>
          {intl.formatMessage(messages.maxSpend)}
        </label>
        <input className="field__input" type="number" min={0} step="any" {...field('maxSpend')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-customer`}>
          {intl.formatMessage(messages.customer)}
        </label>
        <select className="field__input field__select" {...field('customer')}>
          <option value="">{intl.formatMessage(messages.anyCustomer)}</option>
          {customerCompanies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary">
          {intl.formatMessage(messages.apply)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!isActive && !isSegmentSet(draft)}
          onClick={() => {
            onDraftChange(() => EMPTY_SEGMENT);
            onChange(EMPTY_SEGMENT);
          }}
        >
          {intl.formatMessage(messages.clear)}
        </button>
      </div>
    </form>
  );
}
