import { ChakraProvider } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { SWRConfig } from 'swr';
import { ApiError } from '../lib/api-client';
import { system } from './theme';

// Loaded after the first page: only a save shows a toast, and the entry chunk is over its budget already.
const Toaster = lazy(() => import('../components/toaster').then((m) => ({ default: m.Toaster })));

// A 4xx will answer the same again; retry only what may be transient.
const isTransient = (error: Error) => !(error instanceof ApiError) || error.error === 'NetworkError' || error.status >= 500;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ shouldRetryOnError: isTransient, errorRetryCount: 3 }}>{children}</SWRConfig>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChakraProvider>
  );
}
