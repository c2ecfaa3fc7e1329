import { toRowId } from '../services/access.ts';
import { isTeamMember } from '../viewer.ts';
import type { TCustomerCompanyView } from '../services/customer/customer-company-input.ts';
import {
  attachCustomerCompanyMember,
  detachCustomerCompanyMember,
} from '../services/customer/customer-company-members.ts';
import {
  countCustomerCompanyMembers,
  customerCompaniesQuery,
  findCustomerCompanies,
  findCustomerCompanyMembers,
} from '../services/customer/find-customer-companies.ts';
import {
  importCustomerCompanies,
  previewCustomerImport,
} from '../services/customer/import-customer-companies.ts';
import type {
  TImportPreview,
  TImportProblem,
  TImportRow,
} from '../services/customer/import-customer-companies.ts';
import {
  createCustomerCompany,
  updateCustomerCompany,
} from '../services/customer/save-customer-company.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import { decodeId, globalId } from './ids.ts';

/** A customer company as the team sees it; lists carry memberCount, node lookups count it. */
export const CustomerCompanyType = builder.prismaNode('CustomerCompany', {
  description:
    'A customer of the company (from SSO tokens’ `companies`, the console or a CSV import): what it pays, its plan and the end users working for it. The company’s team reads them; OWNER and ADMIN change them.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: isTeamMember(context.viewer) ? (context.viewer?.companyId ?? 0) : 0,
  }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The customer’s name.' }),
    externalId: t.exposeString('externalId', {
      description: 'Its id in the company’s own system (SSO `companies[].id`; unique).',
    }),
    monthlySpend: t.float({
      description: 'What it pays a month.',
      resolve: (company) => Number(company.monthlySpend),
    }),
    plan: t.exposeString('plan', { nullable: true, description: 'Its plan, if known.' }),
    memberCount: t.int({
      description: 'How many end users work for it.',
      resolve: async (company, _args, context) =>
        (company as Partial<TCustomerCompanyView>).memberCount ??
        context.deps.prisma.customerCompanyMember.count({
          where: { customerCompanyId: company.id },
        }),
    }),
    members: t.field({
      type: [CustomerMemberType],
      description:
        'The end users working for it, by name (one statement per company: for one company’s panel, not a list).',
      resolve: (company, _args, context) =>
        findCustomerCompanyMembers(context.deps, context.viewer, company.id),
    }),
  }),
});

const CustomerMemberType = builder
  .objectRef<{ id: number; displayName: string; email: string | null }>('CustomerMember')
  .implement({
    description: 'An end user working for a customer company.',
    fields: (t) => ({
      userId: t.id({
        description: 'The user’s CompanyUser id (pass it to detachCustomerCompanyMember).',
        resolve: (user) => globalId('CompanyUser', user.id),
      }),
      displayName: t.exposeString('displayName', { description: 'The name shown.' }),
      email: t.exposeString('email', { nullable: true, description: 'Contact email, if known.' }),
    }),
  });

const ImportColumnEnum = builder.enumType('CustomerImportColumn', {
  description: 'A column of a customer CSV import.',
  values: {
    NAME: { value: 'name', description: 'name' },
    EXTERNAL_ID: { value: 'external id', description: 'external id' },
    MONTHLY_SPEND: { value: 'monthly spend', description: 'monthly spend' },
  } as const,
});

const ImportProblemType = builder.objectRef<TImportProblem>('CustomerImportProblem').implement({
  description: 'Why one row (or the whole file) of a customer CSV cannot be imported.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Its line in the file (the header row is 1).' }),
    column: t.field({
      type: ImportColumnEnum,
      nullable: true,
      description: 'The column at fault; null: the row or file as a whole.',
      resolve: (problem) => problem.column,
    }),
    message: t.exposeString('message', { description: 'What is wrong.' }),
  }),
});

const ImportActionEnum = builder.enumType('CustomerImportAction', {
  description: 'What importing a row does.',
  values: {
    CREATE: { description: 'A new customer company.' },
    UPDATE: { description: 'Updates the customer company with this external id.' },
  } as const,
});

const ImportRowType = builder.objectRef<TImportRow>('CustomerImportRow').implement({
  description: 'A row a customer CSV import will write.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Its line in the file.' }),
    name: t.exposeString('name', { description: 'The customer’s name.' }),
    externalId: t.exposeString('externalId', { description: 'Its external id.' }),
    monthlySpend: t.exposeFloat('monthlySpend', { description: 'What it pays a month.' }),
    action: t.field({
      type: ImportActionEnum,
      description: 'CREATE or UPDATE.',
      resolve: (row) => row.action,
    }),
  }),
});

const ImportPreviewType = builder.objectRef<TImportPreview>('CustomerImportPreview').implement({
  description: 'What a customer CSV import would do; nothing is written.',
  fields: (t) => ({
    rows: t.field({
      type: [ImportRowType],
      description: 'The good rows.',
      resolve: (p) => p.rows,
    }),
    problems: t.field({
      type: [ImportProblemType],
      description: 'The bad rows; the import refuses the file while there are any.',
      resolve: (p) => p.problems,
    }),
    createCount: t.exposeInt('createCount', { description: 'Customer companies to create.' }),
    updateCount: t.exposeInt('updateCount', { description: 'Customer companies to update.' }),
  }),
});

const ImportResultType = builder
  .objectRef<{ createCount: number; updateCount: number }>('CustomerImportResult')
  .implement({
    description: 'What a customer CSV import did.',
    fields: (t) => ({
      createCount: t.exposeInt('createCount', { description: 'Customer companies created.' }),
      updateCount: t.exposeInt('updateCount', { description: 'Customer companies updated.' }),
    }),
  });

builder.queryField('customerCompanies', (t) =>
  t.field({
    type: [CustomerCompanyType],
    nullable: true,
    authScopes: { signedIn: true },
    description:
      'The company’s customer companies, biggest spend first, with member counts (the team: OWNER, ADMIN and MEMBER; anyone else is refused, and the field is null).',
    deprecationReason:
      'Use customerCompaniesConnection: it pages (this list is every customer company at once, priced as 5,000). Kept for pickers that offer every customer.',
    resolve: (_root, _args, context) => findCustomerCompanies(context.deps, context.viewer),
  }),
);

builder.queryField('customerCompaniesConnection', (t) =>
  t.prismaConnection(
    {
      type: CustomerCompanyType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      nullable: true,
      authScopes: { signedIn: true },
      description:
        'The company’s customer companies, biggest spend first, with member counts, a page at a time (the team: OWNER, ADMIN and MEMBER; anyone else is refused, and the field is null). A cursor of another company’s customer is VALIDATION on `after`/`before`.',
      // The team check comes first here too: a selection of `totalCount` alone skips `resolve`.
      totalCount: (_root, _args, context) => {
        const list = customerCompaniesQuery(context.viewer);
        return context.deps.prisma.customerCompany.count({ where: list.where });
      },
      resolve: async (query, _root, args, context) => {
        const list = customerCompaniesQuery(context.viewer);
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.customerCompany.count({ where: { AND: [list.where, { id }] } }),
        );
        const rows = await context.deps.prisma.customerCompany.findMany({ ...query, ...list });
        // Every member count of the page in one statement (not one per customer).
        const counts = await countCustomerCompanyMembers(
          context.deps,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({ ...row, memberCount: counts.get(row.id) ?? 0 }));
      },
    },
    {
      description: 'A page of customer companies.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many customer companies the company has (all pages).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (connection) =>
            (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'A customer company in a page.' },
  ),
);

const companyArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  name: t.arg.string({ required: true, description: 'Name, 1 to 100 characters.' }),
  externalId: t.arg.string({
    required: true,
    description: 'Its id in your system, 1 to 200 characters, unique in the company.',
  }),
  monthlySpend: t.arg.float({
    required: true,
    description: 'What it pays a month, 0 to 1000000000 (cents kept).',
  }),
  plan: t.arg.string({ description: 'Its plan, up to 50 characters.' }),
});

builder.mutationFields((t) => ({
  createCustomerCompany: t.field({
    type: CustomerCompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Creates a customer company (OWNER and ADMIN).',
    args: companyArgs(t),
    resolve: (_root, args, context) => createCustomerCompany(context.deps, context.viewer, args),
  }),
  updateCustomerCompany: t.field({
    type: CustomerCompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Edits a customer company (OWNER and ADMIN; another company’s is not found). The value of every idea its end users voted for follows at once.',
    args: {
      customerCompanyId: t.arg.id({ required: true, description: 'The company to edit.' }),
      ...companyArgs(t),
    },
    resolve: (_root, args, context) =>
      updateCustomerCompany(
        context.deps,
        context.viewer,
        decodeId(args.customerCompanyId, 'CustomerCompany'),
        args,
      ),
  }),
  attachCustomerCompanyMember: t.field({
    type: CustomerCompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Attaches an end user to a customer company (OWNER and ADMIN): their votes count toward its ideas’ value. A later SSO sign-in with `companies` sets their companies to the token’s.',
    args: {
      customerCompanyId: t.arg.id({ required: true, description: 'The customer company.' }),
      userId: t.arg.id({ required: true, description: 'The end user (a CompanyUser id).' }),
    },
    resolve: (_root, args, context) =>
      attachCustomerCompanyMember(
        context.deps,
        context.viewer,
        decodeId(args.customerCompanyId, 'CustomerCompany'),
        decodeId(args.userId, 'CompanyUser'),
      ),
  }),
  detachCustomerCompanyMember: t.field({
    type: CustomerCompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Detaches an end user from a customer company (OWNER and ADMIN).',
    args: {
      customerCompanyId: t.arg.id({ required: true, description: 'The customer company.' }),
      userId: t.arg.id({ required: true, description: 'The end user (a CompanyUser id).' }),
    },
    resolve: (_root, args, context) =>
      detachCustomerCompanyMember(
        context.deps,
        context.viewer,
        decodeId(args.customerCompanyId, 'CustomerCompany'),
        decodeId(args.userId, 'CompanyUser'),
      ),
  }),
  previewCustomerCompanyImport: t.field({
    type: ImportPreviewType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'What importing a CSV of customer companies would do (OWNER and ADMIN); writes nothing. Columns name, external id, monthly spend under a header row; each bad row is a problem naming its row and column.',
    args: { csv: t.arg.string({ required: true, description: 'The file’s text.' }) },
    resolve: (_root, args, context) =>
      previewCustomerImport(context.deps, context.viewer, args.csv),
  }),
  importCustomerCompanies: t.field({
    type: ImportResultType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Imports a CSV of customer companies in one transaction (OWNER and ADMIN): every row, or none while any row has a problem (VALIDATION with a field per problem, `row 3: monthly spend`). Keyed on the external id, so importing a file again updates rather than duplicates.',
    args: { csv: t.arg.string({ required: true, description: 'The file’s text.' }) },
    resolve: (_root, args, context) =>
      importCustomerCompanies(context.deps, context.viewer, args.csv),
  }),
}));
