import { AppError } from '../errors.ts';
import { builder } from './builder.ts';

const FieldError = builder.objectRef<{ field: string; message: string }>('FieldError').implement({
  description: 'A problem with one input field, in words to show next to that field.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The input field, e.g. `email`.' }),
    message: t.exposeString('message', {
      description: 'What is wrong, e.g. "This field is required."',
    }),
  }),
});

/** Expected failures (validation, not found, conflicts, plan limits) are results, not exceptions. */
builder.objectType(AppError, {
  name: 'AppError',
  description:
    'An expected failure. `code` is stable (VALIDATION, NOT_FOUND, CONFLICT, INVALID_CREDENTIALS, …); `fields` lists field-level problems.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'A stable, machine-readable error code.' }),
    message: t.exposeString('message', { description: 'A sentence for people.' }),
    fields: t.field({
      type: [FieldError],
      description: 'Field-level problems (empty unless the code is VALIDATION or similar).',
      resolve: (error) => error.fields ?? [],
    }),
  }),
});
