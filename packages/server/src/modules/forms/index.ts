/** The forms module's public entry: its routes plugin (with the public form routes) and the flusher's type. */
export { formsRoutes, responsesFlusherOf } from './forms.routes.ts';
export { ResponsesFlusher } from './responses.flush.ts';
