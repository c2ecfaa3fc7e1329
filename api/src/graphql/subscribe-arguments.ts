import { getArgumentValues } from 'graphql';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';

/**
 * graphql-jit (0.8.x) calls a subscription field's `subscribe` with the request's variables in
 * place of the field's arguments (zalando-incubator/graphql-jit#183): `ideaChanged(boardId:
 * "12")` written inline reached the resolver as `{}` and answered "Board not found" (outside
 * attack 8, F9), and with variables it worked only while the variable was named like the
 * argument. Each subscription field's `subscribe` is wrapped to work its arguments out again
 * from the field's node and the variables, as graphql-js does; under graphql-js (mutations'
 * path, the shared subscriptions) that gives the same arguments it was handed.
 */
export function withSubscribeArguments(schema: GraphQLSchema): GraphQLSchema {
  const subscription = schema.getSubscriptionType();
  for (const field of Object.values(subscription?.getFields() ?? {})) {
    const subscribe = field.subscribe;
    if (!subscribe) continue;
    const withArguments: GraphQLFieldResolver<unknown, unknown> = (root, _args, context, info) =>
      subscribe(
        root,
        getArgumentValues(field, info.fieldNodes[0]!, info.variableValues),
        context,
        info,
      );
    field.subscribe = withArguments;
  }
  return schema;
}
