// The bundle floor (scripts/bench-bundle.ts) with React Router's data router, which the dashboard uses for its
// lazy routes and its unsaved-changes blocker: React, Chakra UI with the dashboard's own theme, one heading and one
// button.
import { Box, Button, ChakraProvider, Heading } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { system } from '../app/theme';

const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <Box p="4">
        <Heading>Dashboard</Heading>
        <Button>Open</Button>
      </Box>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <RouterProvider router={router} />
  </ChakraProvider>,
);
