/** Mobi, the chat assistant: its routes, and the removal of a project's assistant files. */
export { removeAssistantFiles } from './assistant.images.ts';
export { assistantRoutes } from './assistant.routes.ts';
