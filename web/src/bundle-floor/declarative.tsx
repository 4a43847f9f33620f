// The bundle floor (scripts/bench-bundle.ts): the least the stack ships to paint a page, measured beside the
// dashboard's first page. React, Chakra UI with the dashboard's own theme, and React Router in its declarative
// mode (no data router: no lazy routes, no navigation blocker), rendering one heading and one button.
import { Box, Button, ChakraProvider, Heading } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { system } from '../app/theme';

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <Box p="4">
              <Heading>Dashboard</Heading>
              <Button>Open</Button>
            </Box>
          }
        />
      </Routes>
    </BrowserRouter>
  </ChakraProvider>,
);
