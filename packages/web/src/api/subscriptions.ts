import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SubscriptionBody, type SubscriptionUpdate } from '@tessera/shared';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** A data app's email subscriptions (docs/data-apps.md "Subscriptions"): every one for an editor, one's own else. */

export const subscriptionKeys = {
  ofDashboard: (projectId: string, dashboardId: string) =>
    [...projectKeys.scope(projectId), 'subscriptions', dashboardId] as const,
};

export const useSubscriptions = (projectId: string, dashboardId: string, enabled = true) =>
  useQuery({
    queryKey: subscriptionKeys.ofDashboard(projectId, dashboardId),
    queryFn: () => call(api.listSubscriptions, { query: { dashboardId } }),
    enabled,
  });

export function useSubscriptionMutations(projectId: string, dashboardId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: subscriptionKeys.ofDashboard(projectId, dashboardId) });
  return {
    create: useMutation({
      mutationFn: (body: SubscriptionBody) => call(api.createSubscription, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SubscriptionUpdate }) =>
        call(api.updateSubscription, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.deleteSubscription, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
