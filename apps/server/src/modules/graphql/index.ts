/** The public entry of the GraphQL area: app.ts registers it outside /api (docs/adding-an-area.md). */
export { graphqlRoutes } from './routes';
