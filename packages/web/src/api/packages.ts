import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isBuilding, type Package, type ProjectEventName } from '@tessera/shared';
import { ApiError, call, tokenStore } from './client.ts';
import { projectKeys } from './projects.ts';

/** The packages area: packages, their code, env and dependencies, Dash apps, notices. */

export const packageKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'packages'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'packages', 'list'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'packages', 'detail', id] as const,
  code: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'packages', 'code', id] as const,
  env: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'packages', 'env', id] as const,
  dependencies: (projectId: string, id: string) =>
    [...projectKeys.scope(projectId), 'packages', 'dependencies', id] as const,
};

/** While a package builds it is re-read every few seconds: a safety net if a live event is missed. */
const BUILDING_POLL_MS = 3000;

export const usePackages = (projectId: string) =>
  useQuery({
    queryKey: packageKeys.list(projectId),
    queryFn: () => call(api.listPackages, { query: { projectId } }),
    refetchInterval: (q) => (q.state.data?.some((p) => isBuilding(p.status)) ? BUILDING_POLL_MS : false),
  });

export const usePackage = (projectId: string, id: string) =>
  useQuery({
    queryKey: packageKeys.detail(projectId, id),
    queryFn: () => call(api.getPackage, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isBuilding(q.state.data.status) ? BUILDING_POLL_MS : false),
  });

export const usePythonVersions = () =>
  useQuery({ queryKey: ['python', 'versions'], queryFn: () => call(api.pythonVersions), staleTime: 60_000 });

export const usePackageCode = (projectId: string, id: string) =>
  useQuery({ queryKey: packageKeys.code(projectId, id), queryFn: () => call(api.getPackageCode, { params: { id } }) });

export const usePackageEnv = (projectId: string, id: string) =>
  useQuery({
    queryKey: packageKeys.env(projectId, id),
    queryFn: () => call(api.getPackageEnv, { params: { id } }),
    enabled: id !== '',
  });

export const usePackageDependencies = (projectId: string, id: string) =>
  useQuery({
    queryKey: packageKeys.dependencies(projectId, id),
    queryFn: () => call(api.getPackageDependencies, { params: { id } }),
    enabled: id !== '',
  });

function useRefresh(projectId: string) {
  const client = useQueryClient();
  return (pkg?: Package) => {
    if (pkg) client.setQueryData(packageKeys.detail(projectId, pkg._id), pkg);
    return client.invalidateQueries({ queryKey: packageKeys.all(projectId) });
  };
}

export function usePackageMutations(projectId: string, id: string) {
  const refresh = useRefresh(projectId);
  return {
    update: useMutation({
      mutationFn: (body: { name?: string; description?: string }) => call(api.updatePackage, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => call(api.deletePackage, { params: { id } }),
      onSuccess: () => refresh(),
    }),
    saveCode: useMutation({
      mutationFn: (body: { fileName: string; updatedCode: string }) =>
        call(api.savePackageCode, { params: { id }, body }),
      onSuccess: () => refresh(),
    }),
    commit: useMutation({ mutationFn: () => call(api.commitPackage, { params: { id } }), onSuccess: refresh }),
    saveEnv: useMutation({
      mutationFn: (updatedEnv: string) => call(api.savePackageEnv, { params: { id }, body: { updatedEnv } }),
      onSuccess: refresh,
    }),
    saveDependencies: useMutation({
      mutationFn: (updatedDependencies: string) =>
        call(api.savePackageDependencies, { params: { id }, body: { updatedDependencies } }),
      onSuccess: refresh,
    }),
    startDash: useMutation({
      mutationFn: (dashApp: string) => call(api.startDashApp, { params: { id, dashApp } }),
    }),
  };
}

export interface ZipUpload {
  done: Promise<Package>;
  abort: () => void;
}

/**
 * Sends a package's form (fields first, then the zip as `zipfile`) with XMLHttpRequest, whose upload events
 * give the progress bar; a new package (POST packages/upload) or a new zip for one (PUT packages/{id}/update).
 */
export function sendPackageZip(
  target: { projectId: string; packageId?: string },
  fields: { name: string; baseImage: string },
  file: File,
  onProgress: (sent: number, total: number) => void,
): ZipUpload {
  const xhr = new XMLHttpRequest();
  const endpoint = target.packageId ? api.updatePackageZip : api.uploadPackage;
  const url = target.packageId
    ? endpoint.path.replace(':id', encodeURIComponent(target.packageId))
    : `${endpoint.path}?projectId=${encodeURIComponent(target.projectId)}`;
  const done = new Promise<Package>((resolve, reject) => {
    xhr.open(endpoint.method, url);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(endpoint.response.parse(json));
      else {
        const error = (json as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
        reject(new ApiError(xhr.status, error?.code ?? 'unknown', error?.message ?? xhr.statusText, error?.fields));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'aborted'));
    const form = new FormData();
    form.append('name', fields.name);
    form.append('baseImage', fields.baseImage);
    form.append('projectId', target.projectId);
    form.append('zipfile', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

const PACKAGE_EVENTS = ['package:updated', 'package:deleted'] as const;
export const isPackageEvent = (name: ProjectEventName): name is (typeof PACKAGE_EVENTS)[number] =>
  (PACKAGE_EVENTS as readonly string[]).includes(name);

/** Saves the template package (GET packages/template.zip) as a file: the token goes in a header, so through a Blob. */
export async function downloadPackageTemplate(): Promise<void> {
  const token = tokenStore.get();
  const res = await fetch(api.packageTemplate.path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`template ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tessera-package-template.zip';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
