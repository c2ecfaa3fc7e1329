import { visit } from 'graphql';
import type { DocumentNode, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { errors } from './errors.ts';
import type { AppError } from './errors.ts';
import { unstorableFields, unstorableText } from './validation.ts';

type TFieldProblem = { field: string; message: string };

/**
 * The string literals of an operation that PostgreSQL cannot store (NUL, lone surrogates),
 * named by their argument path (`companySlug`, `input.title`; a variable's default value by
 * the variable's name).
 */
function literalProblems(document: DocumentNode): TFieldProblem[] {
  const problems: TFieldProblem[] = [];
  const path: string[] = [];
  const named = {
    enter: (node: { name: { value: string } }) => {
      path.push(node.name.value);
    },
    leave: () => {
      path.pop();
    },
  };
  visit(document, {
    Argument: named,
    ObjectField: named,
    VariableDefinition: {
      enter: (node) => {
        path.push(node.variable.name.value);
      },
      leave: () => {
        path.pop();
      },
    },
    StringValue: (node) => {
      const message = unstorableText(node.value);
      if (message) problems.push({ field: path.join('.') || 'query', message });
    },
  });
  return problems;
}

/**
 * Refuses, before anything runs, an operation whose variables or string literals hold text
 * PostgreSQL cannot store: U+0000 or a lone UTF-16 surrogate. Every string argument and input
 * field of every query, mutation and subscription is covered at once, so a resolver that passes
 * an argument straight to SQL (a slug, a search) answers a VALIDATION error naming the field
 * instead of a failed statement. The service-level check (parseInput) stays for other callers.
 * Literals are checked once per parsed document (yoga caches documents); variables per call.
 */
export function storableTextPlugin<TServerContext extends object>(
  toGraphQLError: (error: AppError) => GraphQLError,
): Plugin<TServerContext> {
  const literalsChecked = new WeakMap<DocumentNode, TFieldProblem[]>();
  const problemsOf = (document: DocumentNode, variables: unknown): TFieldProblem[] => {
    let literals = literalsChecked.get(document);
    if (!literals) {
      literals = literalProblems(document);
      literalsChecked.set(document, literals);
    }
    return variables ? [...literals, ...unstorableFields(variables)] : literals;
  };
  const refusal = (problems: TFieldProblem[]) => ({
    errors: [toGraphQLError(errors.validation(problems))],
  });
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const problems = problemsOf(args.document, args.variableValues);
      if (problems.length) setResultAndStopExecution(refusal(problems));
    },
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const problems = problemsOf(args.document, args.variableValues);
      if (problems.length) setResultAndStopExecution(refusal(problems));
    },
  };
}
