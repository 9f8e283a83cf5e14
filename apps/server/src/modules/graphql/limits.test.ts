import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentLimitsRule } from './limits';

/** A schema that nests without end, as the console's own does not (yet). */
const schema = buildSchema(`
  type Node { name: String, child: Node }
  type Query { node: Node, other: Node }
  type Mutation { touch: Node, poke: Node }
`);
const limits = { depth: 4, introspectionDepth: 6, mutationFields: 1, queryFields: 2 };
const problems = (source: string) => validate(schema, parse(source), [...specifiedRules, documentLimitsRule(limits)]).map((e) => e.message);
const nested = (n: number) => `${'child { '.repeat(n)}name${' }'.repeat(n)}`;

describe('documentLimitsRule', () => {
  it('counts the nesting of selections, inline and through fragments and inline fragments', () => {
    expect(problems(`{ node { ${nested(2)} } }`)).toEqual([]);
    expect(problems(`{ node { ${nested(3)} } }`)).toEqual(['The operation is nested 5 levels deep; at most 4 are allowed']);
    expect(problems(`query Q { node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ... on Node { ${nested(1)} } } }`)).toEqual([
      'Q is nested 5 levels deep; at most 4 are allowed',
    ]);
  });

  it('measures each fragment once: a chain of fragments each spread twice is checked at once', () => {
    const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Node { child { ...F${i + 1} } name ...F${i + 1} }`).join('\n');
    const started = Date.now();
    const found = problems(`{ node { ...F0 } } ${chain} fragment F40 on Node { name }`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(found).toEqual(['The operation is nested 42 levels deep; at most 4 are allowed']);
  });

  it('leaves a fragment cycle to graphql-js and still answers', () => {
    const found = problems('{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }');
    expect(found).toContain('Cannot spread fragment "A" within itself via "B".');
  });

  it('gives introspection its own, larger depth', () => {
    const ofTypes = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;
    expect(problems(`{ __schema { types { ${ofTypes(3)} } } }`)).toEqual([]);
    expect(problems(`{ __schema { types { ${ofTypes(5)} } } }`)).toEqual(['The operation is nested 8 levels deep; at most 6 are allowed']);
  });

  it('counts top-level fields, aliases and fragments included: one per mutation, a few per query', () => {
    expect(problems('mutation { touch { name } }')).toEqual([]);
    expect(problems('mutation M { a: touch { name } b: touch { name } }')).toEqual(['M asks for 2 top-level fields; at most 1 is allowed in a mutation']);
    expect(problems('mutation { touch { name } ...P } fragment P on Mutation { poke { name } }')).toEqual([
      'The operation asks for 2 top-level fields; at most 1 is allowed in a mutation',
    ]);
    expect(problems('{ node { name } other { name } }')).toEqual([]);
    expect(problems('{ node { name } other { name } x: node { name } }')).toEqual(['The operation asks for 3 top-level fields; at most 2 are allowed in a query']);
  });
});
