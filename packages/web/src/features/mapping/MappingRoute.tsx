import { Center, Loader } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Unit, type UnitType, withValidFilters } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client.ts';
import {
  type DashboardView,
  dashboardKeys,
  editDashboardCache,
  removeUnit,
  upsertTab,
  upsertUnit,
} from '../../api/dashboards.ts';
import { useServerText } from '../../ui/serverText.ts';
import { dashboardPath, dashboardsListPath } from '../canvas/index.ts';
import { isBlankCard } from '../cards/index.ts';
import { initialVis, parseUnitType, subtypeOf } from './initialVis.ts';
import { MappingEditor } from './MappingEditor.tsx';
import { useMappingState } from './useMappingState.ts';

/**
 * /projects/{projectId}/units/{unitId}/mapping?tab={sectionId}&type={unitType}, behind the project
 * shell's dashboard edit guard. An unknown unit or dashboard sends the user back to the data apps list; Cancel
 * and Save changes return to the dashboard (the report path for reports) with the tab; Cancel removes a card
 * that was never saved with a type.
 */
export function MappingRoute() {
  const { projectId = '', unitId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('mapping');
  const unit = useQuery({
    queryKey: ['project', projectId, 'units', unitId],
    queryFn: () => call(api.getUnit, { params: { id: unitId } }),
    meta: { pageError: false },
    retry: false,
    staleTime: 0,
  });
  const dashboardId = unit.data?.dashboardId ?? '';
  const dashboard = useDashboardIfKnown(projectId, dashboardId);
  const type = parseUnitType(search.get('type')) ?? unit.data?.type ?? null;

  if (unit.isError || dashboard.isError || (unit.data && !type)) {
    return <Navigate to={dashboardsListPath(projectId)} replace />;
  }
  if (!unit.data || !dashboard.data || !type) {
    return (
      <Center py={80}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const back = dashboardPath(
    { kind: 'project', projectId },
    dashboard.data.dashboard,
    search.get('tab') ?? unit.data.tabId,
  );
  return <LoadedMapping key={`${unitId}:${type}`} projectId={projectId} unit={unit.data} type={type} back={back} />;
}

/** The card's dashboard (the same cache entry as the dashboard screen's), once the card says which it is. */
function useDashboardIfKnown(projectId: string, dashboardId: string) {
  return useQuery<DashboardView>({
    queryKey: dashboardKeys.detail(projectId, dashboardId),
    queryFn: () => call(api.getDashboard, { params: { id: dashboardId } }),
    enabled: dashboardId !== '',
    meta: { pageError: false },
    retry: false,
  });
}

function LoadedMapping({
  projectId,
  unit,
  type,
  back,
}: {
  projectId: string;
  unit: Unit;
  type: UnitType;
  back: string;
}) {
  const { t } = useTranslation('mapping');
  const serverText = useServerText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = useMappingState(initialVis(unit, type), type);
  const save = useMutation({
    mutationFn: () =>
      call(api.updateUnit, {
        params: { id: unit._id },
        query: { tabId: unit.tabId },
        body: {
          type,
          // A card filter left incomplete is not saved (invalid filters are dropped).
          vis: withValidFilters(state.vis, () => undefined),
          ...(type === 'custom' ? { subtype: subtypeOf(unit, state.vis, type) } : {}),
        },
      }),
    onSuccess: (saved) => {
      editDashboardCache(client, unit.dashboardId, upsertUnit(saved));
      client.setQueryData(['project', projectId, 'units', unit._id], saved);
      // Back on the dashboard the focus goes to the saved card (its Edit button), not to the page's body.
      void navigate(back, { state: { focusCard: unit._id } });
    },
  });
  // Cancel on a blank card (just added, only its type chosen on the way here) removes it: nothing the user did
  // not save stays behind as an "Untitled card".
  const cancel = useMutation({
    mutationFn: async () => {
      if (!isBlankCard(unit)) return;
      const { tab } = await call(api.deleteUnit, { params: { id: unit.tabId, unitId: unit._id } });
      editDashboardCache(client, unit.dashboardId, (view) => removeUnit(unit._id)(upsertTab(tab)(view)));
    },
    onSettled: () => void navigate(back, { state: { focusCard: unit._id } }),
  });
  const error = save.error ? (save.error instanceof ApiError ? serverText(save.error.message) : t('saveFailed')) : null;
  return (
    <MappingEditor
      projectId={projectId}
      unit={unit}
      type={type}
      state={state}
      saving={save.isPending || cancel.isPending}
      error={error}
      onCancel={() => cancel.mutate()}
      onSave={() => save.mutate()}
    />
  );
}
