/**
 * graphql-ws's `subscribe` for this server: coerce the variables and the root field's arguments,
 * then call that field's `subscribe` resolver, which joins the fan-out hub and returns a stream
 * that never yields. graphql-js `subscribe` would do the same and also keep an execution context
 * and a mapping iterator alive per subscriber to run the selection per event, which the hub does
 * once per group instead: that is memory every idle subscriber would carry.
 */
import {
  getArgumentValues,
  getVariableValues,
  GraphQLError,
  Kind,
  locatedError,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';

export function startSubscription(args: ExecutionArgs): AsyncIterableIterator<never> | ExecutionResult {
  const operation = args.document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && (args.operationName == null || d.name?.value === args.operationName),
  );
  const subscriptionType = args.schema.getSubscriptionType();
  if (!operation || !subscriptionType) return { errors: [new GraphQLError('the document has no subscription to start')] };
  const coerced = getVariableValues(
    args.schema,
    operation.variableDefinitions ?? [],
    (args.variableValues ?? {}) as Record<string, unknown>,
  );
  if (coerced.errors) return { errors: coerced.errors };
  // Validation (single root field, no fragments on the root of a subscription) ran before this.
  const fieldNode = operation.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD);
  const field = fieldNode ? subscriptionType.getFields()[fieldNode.name.value] : undefined;
  if (!fieldNode || !field?.subscribe) return { errors: [new GraphQLError('the subscription field cannot be subscribed to')] };
  try {
    const fieldArgs = getArgumentValues(field, fieldNode, coerced.coerced);
    const stream = field.subscribe(args.rootValue, fieldArgs, args.contextValue, undefined as never);
    return stream as AsyncIterableIterator<never>;
  } catch (error) {
    return { errors: [locatedError(error, [fieldNode], [fieldNode.alias?.value ?? fieldNode.name.value])] };
  }
}
