import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Toaster } from '../components/toaster';
import { ApiError } from '../lib/api-client';
import { system } from './theme';

// A 4xx will answer the same again; retry only what may be transient.
const isTransient = (error: Error) => !(error instanceof ApiError) || error.error === 'NetworkError' || error.status >= 500;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ shouldRetryOnError: isTransient, errorRetryCount: 3 }}>{children}</SWRConfig>
      <Toaster />
    </ChakraProvider>
  );
}
