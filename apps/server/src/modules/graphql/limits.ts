import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { GRAPHQL_LIMITS } from '@golf/contract/api/guide-holes-graphql';

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * The shape caps of a GraphQL document, checked with graphql-js's own rules (decision 0014):
 * - the nesting of selections, fragments followed (mercurius' queryDepth does not follow
 *   fragment spreads, so a document could hide its depth in fragments): `depth` for the schema's
 *   own fields, `introspectionDepth` for whole documents, so that the introspection query of
 *   tools (15 levels) still passes; graphql-js's MaxIntrospectionDepthRule caps its cyclic lists;
 * - the top-level fields of an operation: a mutation field is a transaction of its own, so a
 *   mutation has one; a query a few (aliases would otherwise repeat a read hundreds of times).
 * Each fragment's depth is worked out once (a fragment spread twice in every fragment of a chain
 * would otherwise be walked 2^n times); a cycle counts as nothing here, NoFragmentCyclesRule
 * reports it.
 */
export function documentLimitsRule(
  limits: { depth: number; introspectionDepth: number; mutationFields: number; queryFields: number } = GRAPHQL_LIMITS,
) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    /** [depth without introspection subtrees (each counts 1), depth with them]. */
    type Depth = readonly [own: number, all: number];
    const depths = new Map<string, Depth>();
    const inProgress = new Set<string>();

    const fragmentDepth = (name: string): Depth => {
      const known = depths.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      if (!fragment || inProgress.has(name)) return [0, 0];
      inProgress.add(name);
      const depth = depthOf(fragment.selectionSet);
      inProgress.delete(name);
      depths.set(name, depth);
      return depth;
    };
    const depthOf = (set: SelectionSetNode): Depth => {
      let own = 0;
      let all = 0;
      for (const selection of set.selections) {
        let depth: Depth;
        if (selection.kind === Kind.FIELD) {
          const below = selection.selectionSet ? depthOf(selection.selectionSet) : ([0, 0] as const);
          depth = [INTROSPECTION_ROOTS.has(selection.name.value) ? 1 : 1 + below[0], 1 + below[1]];
        } else depth = selection.kind === Kind.INLINE_FRAGMENT ? depthOf(selection.selectionSet) : fragmentDepth(selection.name.value);
        own = Math.max(own, depth[0]);
        all = Math.max(all, depth[1]);
      }
      return [own, all];
    };
    /** Top-level fields, through fragments (each fragment counted where it is spread). */
    const rootFields = (set: SelectionSetNode, seen: Set<string>): number => {
      let count = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) count += 1;
        else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFields(selection.selectionSet, seen);
        else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value)) continue;
          count += rootFields(fragment.selectionSet, new Set([...seen, fragment.name.value]));
        }
      }
      return count;
    };

    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const name = operation.name?.value ?? 'The operation';
        const [own, all] = depthOf(operation.selectionSet);
        const deep = (depth: number, max: number) =>
          context.reportError(new GraphQLError(`${name} is nested ${depth} levels deep; at most ${max} are allowed`, { nodes: [operation] }));
        if (own > limits.depth) deep(own, limits.depth);
        else if (all > limits.introspectionDepth) deep(all, limits.introspectionDepth);
        const fields = rootFields(operation.selectionSet, new Set());
        const max = operation.operation === 'mutation' ? limits.mutationFields : limits.queryFields;
        if (fields > max) {
          context.reportError(
            new GraphQLError(`${name} asks for ${fields} top-level fields; at most ${max} ${max === 1 ? 'is' : 'are'} allowed in a ${operation.operation}`, {
              nodes: [operation],
            }),
          );
        }
      },
    };
  };
}
