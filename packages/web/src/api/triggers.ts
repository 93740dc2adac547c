import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ProjectEventName, type TriggerBody, type TriggerUpdate } from '@tessera/shared';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** Scheduled runs: a project's list (the models list's rows) and a model's. */

export const triggerKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'triggers'] as const,
  ofProject: (projectId: string) => [...projectKeys.scope(projectId), 'triggers', 'project'] as const,
  ofModel: (projectId: string, modelId: string) =>
    [...projectKeys.scope(projectId), 'triggers', 'model', modelId] as const,
};

export const useProjectTriggers = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: triggerKeys.ofProject(projectId),
    queryFn: () => call(api.listTriggers, { query: { projectId } }),
    enabled,
  });

export const useModelTriggers = (projectId: string, modelId: string) =>
  useQuery({
    queryKey: triggerKeys.ofModel(projectId, modelId),
    queryFn: () => call(api.listTriggers, { query: { modelId } }),
  });

export function useTriggerMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: triggerKeys.all(projectId) });
  return {
    create: useMutation({ mutationFn: (body: TriggerBody) => call(api.createTrigger, { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TriggerUpdate }) =>
        call(api.updateTrigger, { params: { id }, body }),
      onSuccess: refresh,
    }),
    pause: useMutation({
      mutationFn: (id: string) => call(api.pauseTrigger, { params: { id } }),
      onSuccess: refresh,
    }),
    activate: useMutation({
      mutationFn: (id: string) => call(api.activateTrigger, { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.deleteTrigger, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

const TRIGGER_EVENTS = ['trigger:created', 'trigger:paused', 'trigger:activated', 'trigger:updated'] as const;
export const isTriggerEvent = (name: ProjectEventName): boolean => (TRIGGER_EVENTS as readonly string[]).includes(name);

/** A live trigger event: the lists refetch (the models list's rows and the model's scheduled runs). */
export function applyTriggerEvent(client: QueryClient, projectId: string) {
  void client.invalidateQueries({ queryKey: triggerKeys.all(projectId) });
}
