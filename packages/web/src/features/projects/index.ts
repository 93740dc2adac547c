/**
 * Projects: the project list with its dialogs (members, transfer, rename). The router loads it on demand by
 * import() of its module.
 */

export { ProjectListPage } from './ProjectListPage.tsx';
