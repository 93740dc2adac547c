/** Datasets: the project's dataset routes (sidebar, upload, dataset page, joins). */

export { DatasetsRoutes } from './DatasetsRoutes.tsx';
