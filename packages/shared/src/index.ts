export * from './access/index.ts';
export * from './accessibility/contrast.ts';
export type { AssistantStatus, ChatAnswer, ChatMessageInput, ChatStreamEvent } from './api/assistant.ts';
export type { LoginAnswer } from './api/auth.ts';
export {
  type DashboardVersion,
  EDIT_SESSION_HEADER,
  editSessionSchema,
  HISTORY_PAGE_SIZE,
  type VersionDifference,
} from './api/dashboardHistory.ts';
export type { DatasetUses } from './api/datasets.ts';
export * as api from './api/index.ts';
export type { PublicModelBar } from './api/models.ts';
export type { Organization } from './api/organizations.ts';
export type { Member, MemberUser, Permission } from './api/permissions.ts';
export type { MyProject, MyProjectPermission, Project } from './api/projects.ts';
export { PUBLIC_CARDS_PER_REQUEST, type PublicCardAnswer, type PublicCardRequest } from './api/units.ts';
export type { LoginEvent, PopOvers, User } from './api/users.ts';
export * from './assistant/index.ts';
export * from './auth/email.ts';
export * from './auth/password.ts';
export * from './constants.ts';
export * from './dashboards/index.ts';
export * from './datasets/index.ts';
export * from './forms/index.ts';
export * from './http/access.ts';
export * from './http/endpoint.ts';
export * from './http/errors.ts';
export * from './http/ids.ts';
export * from './http/pageAnswers.ts';
export * from './http/schemaIssues.ts';
export * from './http/serverErrors.ts';
export * from './http/text.ts';
export * from './jobs/index.ts';
export * from './models/index.ts';
export * from './organizations/roles.ts';
export * from './packages/index.ts';
export * from './projects/permissions.ts';
export * from './realtime/index.ts';
export * from './search/listSearch.ts';
export * from './triggers/index.ts';
