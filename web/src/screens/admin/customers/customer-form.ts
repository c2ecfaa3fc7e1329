import type { MessageDescriptor } from 'react-intl';
import { CUSTOMER_COMPANY_LIMITS } from '../../../../../api/src/contract/limits.ts';
import type { TFieldMessage } from '../../../forms/validation.ts';
import { fromServerMessage } from '../../../forms/validation.ts';
import { customerMessages } from './messages.ts';

const L = CUSTOMER_COMPANY_LIMITS;

/** The customer form's fields and their rules (the server's limits, one module). */
export const CUSTOMER_FORM = {
  name: { required: true, max: L.maxNameLength },
  externalId: { required: true, max: L.maxExternalIdLength },
  monthlySpend: { required: true },
  plan: { max: L.maxPlanLength },
} as const;

/** A monthly spend as typed (`1234.5`, `1 234,50`), or null when it is not one. */
export function parseSpend(text: string): number | null {
  const normalised = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  const spend = Number(normalised);
  return spend <= L.maxMonthlySpend ? spend : null;
}

/** The server's customer messages, translated where the console knows them. */
export function customerServerMessage(message: string): TFieldMessage {
  const known: Record<string, MessageDescriptor> = {
    'Another customer company already has this external id.': customerMessages.externalIdTaken,
    [`It has to be a number from 0 to ${L.maxMonthlySpend}.`]: customerMessages.spendNumber,
  };
  if (known[message]) return { descriptor: known[message] };
  const duplicate = /^Row (\d+) already has this external id\.$/.exec(message);
  if (duplicate) {
    return { descriptor: customerMessages.rowDuplicate, values: { row: Number(duplicate[1]) } };
  }
  return fromServerMessage(message);
}
