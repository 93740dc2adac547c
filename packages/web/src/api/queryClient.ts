import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';
import { handleMutationError, handleQueryError } from './errors.ts';

export const queryClient = new QueryClient({
  // Failed calls feed the full-page error and the end-of-session redirect (see errors.ts).
  queryCache: new QueryCache({ onError: (error, query) => handleQueryError(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error) => handleMutationError(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});
