import type { ServerModule } from '../../platform/module.ts';
import type { ProjectFiles } from '../projects/index.ts';
import { removeAssistantFiles } from './assistant.images.ts';
import { assistantRoutes } from './assistant.routes.ts';

/** assistant — Mobi, the chat assistant: chat and images through the server, grounded in the project's datasets. */
export const assistantModule: ServerModule = { name: 'assistant', routes: assistantRoutes };

/** A deleted project's assistant images (kept under DATA_DIR/assistant/{projectId}) are removed with it. */
export const assistantFiles: ProjectFiles = {
  list: async (_db, projectId) => [projectId],
  remove: (storage, id) => removeAssistantFiles(storage, id),
};
