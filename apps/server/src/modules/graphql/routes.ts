import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GRAPHQL_LIMITS, GraphQLRequestBody } from '@golf/contract/api/guide-holes-graphql';
import type { AppDeps } from '../../platform/app-types';
import { bearerToken } from '../../platform/auth';
import { HttpError, unauthorized } from '../../platform/errors';
import { formatExecution, graphqlErrorHandler } from './errors';
import { documentLimitsRule } from './limits';
import { resolvers, SCHEMA } from './schema';

/**
 * POST /graphql (§7 'GraphQL mutation SaveGuideHoles … token in a header', decision 0014): mercurius
 * parses, validates and executes; this scope owns the HTTP side, so it is the app's own kind of
 * route: a zod body schema, the app's body limit lowered, the security headers and deadlines of
 * every answer (root hooks), and the sessions of the REST API. No GraphiQL (the
 * Content-Security-Policy stays as decision 0007 has it), no GET, no batches, no subscriptions.
 * Access is checked per field with the REST rules (schema.ts); the route itself asks for a
 * session: 401 before the body is read.
 */
export async function graphqlRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(graphqlErrorHandler);

    scope.addHook('onRequest', async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token) request.auth = await deps.sessions.get(deps.db, token);
      if (!request.auth) throw unauthorized(token ? 'auth.sessionExpired' : 'auth.notSignedIn');
    });

    await scope.register(mercurius, {
      schema: SCHEMA,
      resolvers: resolvers(deps.db),
      routes: false,
      graphiql: false,
      // Depth and top-level fields, fragments followed (mercurius' queryDepth does not follow them).
      validationRules: [documentLimitsRule()],
      graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
      errorFormatter: (execution, context) => formatExecution(execution, context.reply?.log ?? context.app.log),
    });

    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post('/graphql', { bodyLimit: GRAPHQL_LIMITS.bodyBytes, schema: { hide: true, body: GraphQLRequestBody } }, async (request, reply) => {
      const { query, variables, operationName } = request.body;
      // Variables always given, so mercurius checks them against the document before execution.
      return reply.graphql(query, { auth: request.auth }, variables ?? {}, operationName ?? undefined);
    });
    // Only POST: a GET could not carry a mutation, and the endpoint has no page to show.
    typed.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/graphql',
      schema: { hide: true },
      handler: async (_request, reply) => {
        void reply.header('Allow', 'POST');
        throw new HttpError(405, 'request.graphqlPostOnly');
      },
    });
  });
}
