/** The models module's public surface: its routes (which also define the modelRun job and the package-use query). */

export { modelsRoutes } from './models.routes.ts';
