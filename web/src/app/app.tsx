import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRoutes } from './router/app-routes';

const router = createBrowserRouter(createAppRoutes());

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
