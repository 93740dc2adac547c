import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answers, api, type ElementConfig, type ElementType, type Form } from '@tessera/shared';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** The forms area: a project's forms, one form, and the public page's two calls. */

export const formKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'forms'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'forms', 'list'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'forms', 'detail', id] as const,
  public: (id: string) => ['publicForm', id] as const,
};

export const useForms = (projectId: string) =>
  useQuery({ queryKey: formKeys.list(projectId), queryFn: () => call(api.listForms, { query: { projectId } }) });

export const useForm = (projectId: string, id: string) =>
  useQuery({ queryKey: formKeys.detail(projectId, id), queryFn: () => call(api.getForm, { params: { id } }) });

export const refreshForms = (client: QueryClient, projectId: string) =>
  client.invalidateQueries({ queryKey: formKeys.all(projectId) });

/** A change of the project's forms: on success the list and the open builders refetch. */
function useFormsChange<V, R>(projectId: string, run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => refreshForms(client, projectId) });
}

export const useCreateForm = (projectId: string) =>
  useFormsChange(projectId, (body: { name: string; description: string }) =>
    call(api.createForm, { body: { projectId, ...body } }),
  );

/** Name, description and the Collecting Responses switch; the switch moves at once (written into the cache). */
export function useUpdateForm(projectId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; description?: string; closed?: boolean }) =>
      call(api.updateForm, { params: { id }, body }),
    onMutate: (body) => {
      client.setQueryData<Form>(formKeys.detail(projectId, id), (old) => (old ? { ...old, ...body } : old));
    },
    onSettled: () => refreshForms(client, projectId),
  });
}

/** Reorders at once in the cache (drag and drop must not jump back while the server answers). */
export function useReorderElements(projectId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (elements: string[]) => call(api.updateForm, { params: { id }, body: { elements } }),
    onMutate: (order) => {
      client.setQueryData<Form>(formKeys.detail(projectId, id), (old) =>
        old ? { ...old, elements: order.map((eid) => old.elements.find((e) => e._id === eid)!) } : old,
      );
    },
    onSettled: () => refreshForms(client, projectId),
  });
}

export const useDeleteForm = (projectId: string) =>
  useFormsChange(projectId, (id: string) => call(api.deleteForm, { params: { id } }));
export const useDuplicateForm = (projectId: string) =>
  useFormsChange(projectId, (id: string) => call(api.duplicateForm, { params: { id } }));
export const usePublishForm = (projectId: string) =>
  useFormsChange(projectId, (id: string) => call(api.publishForm, { params: { id } }));

export const useSaveElement = (projectId: string, formId: string) =>
  useFormsChange(
    projectId,
    (input: { elementId?: string; type: ElementType; config: ElementConfig; position?: number }) =>
      input.elementId
        ? call(api.updateFormElement, {
            params: { id: formId, elementId: input.elementId },
            body: { config: input.config },
          })
        : call(api.createFormElement, {
            params: { id: formId },
            body: { element: { type: input.type, config: input.config }, position: input.position },
          }),
  );

export const useDeleteElement = (projectId: string, formId: string) =>
  useFormsChange(projectId, (elementId: string) => call(api.deleteFormElement, { params: { id: formId, elementId } }));

/** The public page: no token needed (none is sent when the visitor is signed out). */
export const usePublicForm = (id: string) =>
  useQuery({ queryKey: formKeys.public(id), queryFn: () => call(api.getPublicForm, { params: { id } }), retry: false });

export const useSubmitResponse = (id: string) =>
  useMutation({
    mutationFn: (answers: Answers) => call(api.submitFormResponse, { params: { id }, body: { answers } }),
  });

/** Live events of the forms area: lists and builders refetch. */
export function applyFormEvent(name: string, client: QueryClient, projectId: string): void {
  if (name === 'form:updated' || name === 'form:deleted') void refreshForms(client, projectId);
}
