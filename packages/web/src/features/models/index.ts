/**
 * Models: the project's models area (packages and models), and the input fields and run labels the dashboard's
 * model bars reuse.
 */

export { DatasetLink, ModelInputField } from './inputs/index.ts';
export { ModelsRoutes } from './ModelsRoutes.tsx';
export { runButtonLabel } from './runButtonLabel.ts';
