// The router loads the project list from here (app/router.tsx); the page lives with its parts in list/.
export { ProjectListPage } from './list/ProjectListPage.tsx';
