import { isObjectType, isUnionType } from 'graphql';
import type { GraphQLSchema } from 'graphql';

/**
 * Describes the result types the errors plugin generates for each mutation declaring `errors`
 * (`Mutation<Name>Result`, `Mutation<Name>Success` and its `data`). The plugin takes one fixed
 * description for all of them; naming the mutation tells an integrator in GraphiQL which answer
 * they are reading, so the text is filled in here, once, from the type names.
 */
export function describeMutationResults(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    const match = /^Mutation(\w+?)(Result|Success)$/.exec(type.name);
    if (!match?.[1]) continue;
    const mutation = `${match[1].charAt(0).toLowerCase()}${match[1].slice(1)}`;
    if (match[2] === 'Result' && isUnionType(type) && !type.description) {
      type.description = `What \`${mutation}\` answers: \`${type.name.replace(/Result$/, 'Success')}\` with its data, or an \`AppError\` (code, message and field errors) for an expected failure.`;
    }
    if (match[2] === 'Success' && isObjectType(type)) {
      if (!type.description) type.description = `\`${mutation}\` succeeded.`;
      const data = type.getFields().data;
      if (data && !data.description) data.description = `What \`${mutation}\` returns.`;
    }
  }
  return schema;
}
