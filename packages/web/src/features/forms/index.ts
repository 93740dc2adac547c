/**
 * Forms: the project's form routes (list, builder). The router loads the public form page on demand by import() of
 * its module.
 */

export { FormsRoutes } from './FormsRoutes.tsx';
