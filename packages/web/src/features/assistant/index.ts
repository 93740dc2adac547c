/**
 * Mobi, the chat page: the project shell loads it on demand by import() of its module (its word lists stay off
 * other pages).
 */

export { AssistantPage } from './AssistantPage.tsx';
