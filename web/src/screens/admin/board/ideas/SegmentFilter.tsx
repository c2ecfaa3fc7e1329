import { Suspense, lazy, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SegmentFilter_query$key } from '../../../../../__generated__/SegmentFilter_query.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { isSegmentSet } from './list-params.ts';
import type { TSegmentParams } from './list-params.ts';

// The fields load when the disclosure first opens (issue 22: not on the list's first paint).
const SegmentForm = lazy(() =>
  import('./SegmentForm.tsx').then((module) => ({ default: module.SegmentForm })),
);

const messages = defineMessages({
  summary: { id: 'segment.summary', defaultMessage: 'Customer segment' },
  active: { id: 'segment.active', defaultMessage: 'Customer segment (on)' },
});

/**
 * The customer segment of an ideas list or the roadmap (plan, attribute, spend range, one
 * customer company), in a disclosure: the fields apply together on "Apply segment".
 */
export function SegmentFilter({
  query,
  segment,
  onChange,
}: {
  query: SegmentFilter_query$key;
  segment: TSegmentParams;
  onChange: (segment: TSegmentParams) => void;
}) {
  const intl = useIntl();
  const { customerCompanies } = useFragment(
    graphql`
      fragment SegmentFilter_query on Query {
        customerCompanies {
          id
          name
        }
      }
    `,
    query,
  );
  // Plain options for the lazily loaded fields.
  const companies = (customerCompanies ?? []).map((company) => ({
    id: company.id,
    name: company.name,
  }));
  const [draft, setDraft] = useState(segment);
  const [shown, setShown] = useState(segment);
  // The address changed (back, forward, a reset elsewhere): the fields follow it.
  if (shown !== segment) {
    setShown(segment);
    setDraft(segment);
  }
  const id = useId();
  const isActive = isSegmentSet(segment);
  const [isOpen, setIsOpen] = useState(isActive);
  return (
    <details
      className="segment-filter"
      open={isActive || undefined}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="button button--secondary">
        {intl.formatMessage(isActive ? messages.active : messages.summary)}
      </summary>
      {isOpen || isActive ? (
        <Suspense
          fallback={<Spinner label={intl.formatMessage(commonMessages.loading)} size="small" />}
        >
          <SegmentForm
            id={id}
            customerCompanies={companies}
            segment={segment}
            draft={draft}
            onDraftChange={setDraft}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </details>
  );
}
